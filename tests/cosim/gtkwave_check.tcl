# SPDX-License-Identifier: Apache-2.0
# Loaded by GTKWave (gtkwave -S) with a spagm-cosim save file: prints what it
# shows, so tests/cosim/expect_gtkwave_opens.cmake can check that the file
# opens on the answer (N212): the markers on the mismatching transaction,
# one cycle per nanosecond, the live request's tag at marker A, and every
# trace's value at the primary marker (on B) as
#   B <group> <name>: <value>
# with <group> the first word of the top-level group the trace is in
# (handshake, lane, request, response, expected), <name> the trace's name
# or alias without its bit range, lanes as " <lane>" and blanks squeezed
# (`B expected exp_wb_value0 5: 3F800000`). GTKWave gives no value for a
# trace inside a closed group: the test opens a copy with every group open
# for the lane-by-lane values.
# With SPAGM_GTKWAVE_STAY set it prints READY and stays open (the test takes
# its screenshot, then ends it); otherwise it quits.
puts "DIMENSION: [gtkwave::getTimeDimension]"
puts "MARKER: [gtkwave::getMarker]"
puts "NAMED A: [gtkwave::getNamedMarker A]"
puts "NAMED B: [gtkwave::getNamedMarker B]"
puts "WINDOW: [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"
puts "DISPLAYED COUNT: [llength [gtkwave::getDisplayedSignals]]"
foreach s [gtkwave::getDisplayedSignals] {
  # The live request port at A (its handshake).
  if {[regexp {u_[a-z]+\.req_tag} $s]} {
    puts "LIVE REQ TAG AT A: [gtkwave::getTraceValueAtNamedMarkerFromName A $s]"
  }
}
set group ""
for {set i 0} {$i < [gtkwave::getTotalNumTraces]} {incr i} {
  set name [gtkwave::getTraceNameFromIndex $i]
  set word [lindex [split $name " "] 0]
  if {$word in {handshake lane request response expected}} {
    set group $word  ; # a top-level group's first or last row
    continue
  }
  regsub {\[[0-9]+:0\]$} $name "" name
  regsub -all {\[([0-9]+)\]} $name { \1} name
  regsub -all { +} $name " " name
  puts "B $group $name: [string trimright [gtkwave::getTraceValueAtMarkerFromIndex $i]]"
}
if {[info exists env(SPAGM_GTKWAVE_STAY)]} {
  puts "READY"
  flush stdout
} else {
  gtkwave::/File/Quit
}
