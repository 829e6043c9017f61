// fx_phase.sv as a submodule, for the module step's register
// correspondence (test_formal.py, ModuleRegisterCorrespondence).
fx_phase.sv
fx_hphase.sv
