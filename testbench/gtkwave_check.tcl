# SPDX-License-Identifier: Apache-2.0
# Loaded by GTKWave (gtkwave -S) with a spagm-cosim save file: prints what it
# shows so CTest can check the file opens at the mismatch.
puts "DISPLAYED: [gtkwave::getDisplayedSignals]"
puts "MARKER: [gtkwave::getMarker]"
gtkwave::/File/Quit
