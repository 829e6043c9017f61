// A unit with the port contract's ports (test_formal.py, ContractMiter).
fx_contract.sv
