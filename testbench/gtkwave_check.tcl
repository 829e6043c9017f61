# SPDX-License-Identifier: Apache-2.0
# Loaded by GTKWave (gtkwave -S) with a spagm-cosim save file: prints what it
# shows, so testbench/expect_gtkwave_opens.cmake can check that the file
# opens at the mismatch with the request and response marked, one cycle per
# nanosecond, and the instruction as disassembly.
puts "DIMENSION: [gtkwave::getTimeDimension]"
puts "MARKER: [gtkwave::getMarker]"
puts "NAMED A: [gtkwave::getNamedMarker A]"
puts "NAMED B: [gtkwave::getNamedMarker B]"
puts "WINDOW: [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"
puts "DISPLAYED: [gtkwave::getDisplayedSignals]"
puts "DISPLAYED COUNT: [llength [gtkwave::getDisplayedSignals]]"
# The request's fields at named marker A, the response's at B.
foreach s [gtkwave::getDisplayedSignals] {
  if {[string match "*fields.req_insn*" $s]} {
    puts "INSN AT A: [gtkwave::getTraceValueAtNamedMarkerFromName A $s]"
  }
  if {[string match "*fields.req_tag*" $s]} {
    puts "REQ TAG AT A: [gtkwave::getTraceValueAtNamedMarkerFromName A $s]"
  }
  if {[string match "*fields.rsp_tag*" $s]} {
    puts "RSP TAG AT B: [gtkwave::getTraceValueAtNamedMarkerFromName B $s]"
  }
}
gtkwave::/File/Quit
