# SPDX-License-Identifier: Apache-2.0
# Loaded by GTKWave (gtkwave -S) with a cocotb run's FST
# (test_cocotb_units.py, test_waves_open_in_gtkwave): adds the signals named
# in $GTKWAVE_SIGNALS (space-separated, full hierarchical names), fits the
# whole run into the window (its name pane fixed by gtkwave_view.rc) and
# prints what it shows, then READY; the test takes its screenshot after
# READY and ends GTKWave itself.
set sigs [split [string trim $::env(GTKWAVE_SIGNALS)] " "]
puts "ADDED: [gtkwave::addSignalsFromList $sigs]"
gtkwave::/Time/Zoom/Zoom_Best_Fit
puts "DISPLAYED: [gtkwave::getDisplayedSignals]"
puts "DIMENSION: [gtkwave::getTimeDimension]"
puts "MAX TIME: [gtkwave::getMaxTime]"
puts "WINDOW: [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"
puts "READY"
flush stdout
