# SPDX-License-Identifier: Apache-2.0
"""What the site enumeration needs to know about the design as a whole,
read from slang's syntax trees of every file of the unit's list:

- each module's ports and their directions (an output port connection is
  an assignment target, never mutated),
- each module's parameters with a literal value (to decide which branch of
  a `bug_sel` test is dead),
- the defect-select logic: `bug_sel` (the stand-ins' defect port, or a
  user's tie-off of that name) and every port or net driven only from it
  and constants, followed through instance connections to a fixpoint
  (rule N151 of docs/spec-notes.md),
- the signals every read of which is dead when no defect is selected: read
  only in a branch dead when `bug_sel` = 0, or only to drive another such
  signal (N321),
- the functions called where a constant is required (their bodies are
  constant context: a run-time selector there would not elaborate).
"""
from pyslang import parsing, syntax

K = syntax.SyntaxKind
BUG_ROOT = "bug_sel"


def children(node):
    """The child nodes of a syntax node, tokens left out."""
    return [c for c in node if c is not None and not isinstance(c, parsing.Token)]


def walk_nodes(node):
    """Every node of a subtree, the node first."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(children(n)))


def names_in(node):
    """The simple identifiers an expression reads."""
    out = set()
    for n in walk_nodes(node):
        if n.kind in (K.IdentifierName, K.IdentifierSelectName):
            out.add(n.identifier.valueText)
    return out


def literal_value(node):
    """The value of an integer literal expression, None if not one (or x/z)."""
    if node is None:
        return None
    while node.kind in (K.ParenthesizedExpression,):
        node = node.expression
    try:
        if node.kind == K.IntegerLiteralExpression:
            return int(node.literal.rawText.replace("_", ""))
        if node.kind == K.IntegerVectorExpression:
            base = node.base.rawText.lower().replace("'", "").replace("s", "")
            digits = node.value.rawText.replace("_", "")
            return int(digits, {"d": 10, "h": 16, "b": 2, "o": 8}[base])
    except (ValueError, KeyError):
        return None
    return None


class ModuleInfo:
    def __init__(self, name):
        self.name = name
        self.ports = {}        # name -> direction ("input", "output", "inout")
        self.params = {}       # name -> int value (literal parameters only)
        self.consts = {}       # params and the packages' constants
        self.param_names = set()
        self.instances = []    # (module type, {port: expr node})
        self.assigns = []      # (lhs name, rhs node)
        self.tainted = {}      # defect-select names -> value with no defect (None: unknown)
        self.ranges = {}       # name -> (msb, lsb) of what a select on it indexes
        self.node = None       # the module's syntax node
        self.dead = set()      # signals read only where dead when no defect is selected


class Design:
    """Modules of all the unit's files, with the defect-select taint."""

    def __init__(self, trees):
        self.modules = {}
        self.package_params = set()
        self.package_values = {}
        self.const_functions = set()
        for tree in trees:
            self._scan(tree.root)
        for info in self.modules.values():  # a defect's number is often a package constant
            info.consts = {**self.package_values, **info.params}
        self._taint()
        for info in self.modules.values():
            info.dead = self._dead_signals(info)

    def _scan(self, root):
        for n in walk_nodes(root):
            if n.kind == K.ModuleDeclaration:
                self._module(n)
            elif n.kind == K.PackageDeclaration:
                for m in walk_nodes(n):
                    if m.kind == K.Declarator and m.parent is not None and \
                            m.parent.kind == K.ParameterDeclaration:
                        self.package_params.add(m.name.valueText)
                        if m.initializer is not None:
                            v = const_eval(m.initializer.expr, self.package_values)
                            if v is not None:
                                self.package_values[m.name.valueText] = v
            if n.kind in CONST_KINDS:
                for m in walk_nodes(n):
                    if m.kind == K.InvocationExpression and m.left.kind == K.IdentifierName:
                        self.const_functions.add(m.left.identifier.valueText)

    def _module(self, mod):
        info = ModuleInfo(mod.header.name.valueText)
        info.node = mod
        self.modules[info.name] = info
        # A port of an ANSI list without a direction takes the previous
        # port's, and one with neither direction nor type takes its type too
        # (IEEE 1800-2017 23.2.2.3): `input logic [7:0] a, b` makes b an
        # 8-bit input. The first port's default direction is inout.
        last_dir, last_type = "inout", None
        for n in walk_nodes(mod):
            k = n.kind
            if k == K.ImplicitAnsiPort:
                d = getattr(n.header, "direction", None)
                dtype = getattr(n.header, "dataType", None)
                if d is not None and d.rawText:
                    last_dir = d.rawText
                    last_type = dtype
                elif not str(n.header).strip():
                    dtype = last_type
                else:
                    last_type = dtype
                info.ports[n.declarator.name.valueText] = last_dir
                self._range(info, n.declarator, dtype)
            elif k == K.PortDeclaration:
                d = n.header.direction.rawText if getattr(n.header, "direction", None) else "inout"
                for decl in n.declarators:
                    if not isinstance(decl, parsing.Token):
                        info.ports[decl.name.valueText] = d
            elif k == K.ParameterDeclaration:
                for decl in n.declarators:
                    if isinstance(decl, parsing.Token):
                        continue
                    name = decl.name.valueText
                    info.param_names.add(name)
                    init = decl.initializer
                    v = const_eval(init.expr, {**self.package_values, **info.params}) \
                        if init else None
                    if v is not None:
                        info.params[name] = v
            elif k == K.HierarchyInstantiation:
                for inst in n.instances:
                    if isinstance(inst, parsing.Token):
                        continue
                    conns = {}
                    for c in inst.connections:
                        if not isinstance(c, parsing.Token) and c.kind == K.NamedPortConnection \
                                and c.expr is not None:
                            conns[c.name.valueText] = c.expr
                    info.instances.append((n.type.valueText, conns))
            elif k in (K.DataDeclaration, K.NetDeclaration):
                for decl in n.declarators:
                    if not isinstance(decl, parsing.Token):
                        self._range(info, decl, n.type if k == K.DataDeclaration else None)
            elif k == K.ImplicitAnsiPort:
                pass
            elif k == K.ContinuousAssign:
                for a in n.assignments:
                    if not isinstance(a, parsing.Token) and a.left.kind == K.IdentifierName:
                        info.assigns.append((a.left.identifier.valueText, a.right))
        # bug_sel may be a port or a tie-off localparam (tests/ownrtl).
        if BUG_ROOT in info.ports or BUG_ROOT in info.param_names or BUG_ROOT in names_in(mod):
            info.tainted[BUG_ROOT] = 0

    def _range(self, info, decl, dtype):
        """The index range of a select on a declared name: its first
        unpacked dimension, else its first packed one; a scalar is [0:0]."""
        dims = [d for d in children(decl) if d.kind == K.VariableDimension]
        if not dims and dtype is not None:
            dims = [d for d in children(dtype) if d.kind == K.VariableDimension]
        name = decl.name.valueText
        if not dims:
            if dtype is not None and dtype.kind in (K.LogicType, K.BitType, K.RegType):
                info.ranges[name] = (0, 0)
            return
        spec = dims[0].specifier
        sel = getattr(spec, "selector", None) if spec is not None else None
        if sel is None or sel.kind != K.SimpleRangeSelect:
            return
        env = {**self.package_values, **info.params}
        a, b = const_eval(sel.left, env), const_eval(sel.right, env)
        if a is not None and b is not None:
            info.ranges[name] = (a, b)

    def _constants(self, info):
        return info.param_names | self.package_params

    def _only_bug(self, info, expr):
        """True when an expression reads defect-select names and otherwise
        only constants."""
        names = names_in(expr)
        return bool(names & info.tainted.keys()) and \
            names <= (info.tainted.keys() | self._constants(info))

    def _fixed(self, info, expr):
        """An expression that reads defect-select names and has one value
        whenever no defect is selected: (True, value), else (False, None)."""
        if not names_in(expr) & info.tainted.keys():
            return False, None
        v = _eval(expr, info)
        if v is not None or self._only_bug(info, expr):
            return True, v
        return False, None

    def _taint(self):
        changed = True
        while changed:
            changed = False
            for info in self.modules.values():
                for lhs, rhs in info.assigns:
                    fixed, v = self._fixed(info, rhs)
                    if lhs not in info.tainted and fixed:
                        info.tainted[lhs] = v
                        changed = True
                for mtype, conns in info.instances:
                    child = self.modules.get(mtype)
                    if child is None:
                        continue
                    for port, expr in conns.items():
                        fixed, v = self._fixed(info, expr)
                        if port not in child.tainted and child.ports.get(port) == "input" \
                                and fixed:
                            child.tainted[port] = v
                            changed = True

    def _dead_signals(self, info):
        """N321: the module's signals whose every read is dead when no
        defect is selected: in a branch dead then (as N151's), or on the
        right of a whole-signal assignment to another such signal (the
        highest-sample encoder of pix_lane feeds only the
        `bug_centroid_highest` branch). The largest set closed under that
        rule (signals feeding each other only are dead too). Ports are never
        dead (the parent reads an output); a module with a `.*` or `.name`
        connection, whose reads the syntax does not show, has none; a signal
        no one reads is unused, not dead."""
        if not info.tainted:
            return set()
        reads = {}      # name -> set of contexts: "live", or the signal it feeds
        driven = set()  # names assigned as a whole
        unsafe = []

        def read(name, ctx):
            reads.setdefault(name, set()).add(ctx)

        def walk(n, ctx):
            k = n.kind
            if k in (K.IdentifierName, K.IdentifierSelectName):
                read(n.identifier.valueText, ctx)
            elif k == K.WildcardPortConnection or \
                    (k == K.NamedPortConnection and n.expr is None):
                unsafe.append(n)
                return
            elif k in ASSIGN_OPS:
                if n.left.kind == K.IdentifierName and k in (K.AssignmentExpression,
                                                             K.NonblockingAssignmentExpression):
                    name = n.left.identifier.valueText
                    driven.add(name)
                    walk(n.right, name if ctx == "live" else ctx)
                    return
            elif k == K.ConditionalExpression or k == K.ConditionalStatement:
                conds = [c for c in children(n.predicate) if c.kind == K.ConditionalPattern]
                live = _eval(conds[0].expr, info) if len(conds) == 1 else None
                walk(n.predicate, ctx)
                first = n.left if k == K.ConditionalExpression else n.statement
                second = n.right if k == K.ConditionalExpression else n.elseClause
                walk(first, "dead" if live == 0 else ctx)
                if second is not None:
                    walk(second, "dead" if live == 1 else ctx)
                return
            elif k in (K.LogicalAndExpression, K.LogicalOrExpression):
                dominant = 0 if k == K.LogicalAndExpression else 1
                a, b = _eval(n.left, info), _eval(n.right, info)
                walk(n.left, "dead" if b == dominant else ctx)
                walk(n.right, "dead" if a == dominant else ctx)
                return
            for c in children(n):
                walk(c, ctx)

        for c in children(info.node):
            walk(c, "live")
        if unsafe:
            return set()
        # The largest set whose reads are dead or feed the set ...
        dead = {n for n in driven if n not in info.ports and n in reads}
        changed = True
        while changed:
            changed = False
            for n in list(dead):
                if any(c != "dead" and c not in dead for c in reads[n]):
                    dead.discard(n)
                    changed = True
        # ... less what reaches no dead read (signals that only feed each
        # other are unused, not defect logic).
        grounded = {n for n in dead if "dead" in reads[n]}
        changed = True
        while changed:
            changed = False
            for n in dead - grounded:
                if reads[n] & grounded:
                    grounded.add(n)
                    changed = True
        return grounded

    def bug_value(self, module, expr):
        """The value of a condition when no defect is selected (every
        defect-select name 0): 0, 1, or None when it depends on other
        signals."""
        info = self.modules.get(module)
        if info is None:
            return None
        return _eval(expr, info)


def const_eval(n, env):
    """An integer constant expression over literals and known parameters."""
    if n is None:
        return None
    k = n.kind
    if k == K.ParenthesizedExpression:
        return const_eval(n.expression, env)
    v = literal_value(n)
    if v is not None:
        return v
    if k == K.IdentifierName:
        return env.get(n.identifier.valueText)
    if k == K.ScopedName:
        return env.get(n.right.identifier.valueText) if n.right.kind == K.IdentifierName else None
    if k in (K.AddExpression, K.SubtractExpression, K.MultiplyExpression, K.DivideExpression):
        a, b = const_eval(n.left, env), const_eval(n.right, env)
        if a is None or b is None:
            return None
        if k == K.AddExpression:
            return a + b
        if k == K.SubtractExpression:
            return a - b
        if k == K.MultiplyExpression:
            return a * b
        return a // b if b else None
    return None


def _eval(n, info):
    k = n.kind
    if k == K.ParenthesizedExpression:
        return _eval(n.expression, info)
    if k in (K.SimplePropertyExpr, K.SimpleSequenceExpr):  # how slang parses a port's expression
        return _eval(n.expr, info)
    if k == K.IdentifierName:
        name = n.identifier.valueText
        if name in info.tainted:
            return info.tainted[name]
        return info.consts.get(name)
    v = literal_value(n)
    if v is not None:
        return v
    if k == K.UnaryLogicalNotExpression:
        v = _eval(n.operand, info)
        return None if v is None else int(not v)
    if k in (K.LogicalAndExpression, K.LogicalOrExpression, K.EqualityExpression,
             K.InequalityExpression):
        a, b = _eval(n.left, info), _eval(n.right, info)
        if k == K.LogicalAndExpression:
            if a == 0 or b == 0:
                return 0
            return None if a is None or b is None else 1
        if k == K.LogicalOrExpression:
            if (a or 0) or (b or 0):
                return 1
            return 0 if a == 0 and b == 0 else None
        if a is None or b is None:
            return None
        return int((a == b) == (k == K.EqualityExpression))
    return None


# Assignments (`=`, `<=`, `+=` ...): their targets are never mutated
# (sites.py), and a whole-signal `=` or `<=` drives it (N321).
ASSIGN_OPS = {K.AssignmentExpression, K.NonblockingAssignmentExpression,
              K.AddAssignmentExpression, K.SubtractAssignmentExpression,
              K.MultiplyAssignmentExpression, K.AndAssignmentExpression,
              K.OrAssignmentExpression, K.XorAssignmentExpression,
              K.LogicalLeftShiftAssignmentExpression,
              K.LogicalRightShiftAssignmentExpression,
              K.ArithmeticLeftShiftAssignmentExpression,
              K.ArithmeticRightShiftAssignmentExpression}

# Where the language requires a constant: a run-time selector cannot go
# there, so nothing below these is mutated (rule N152).
CONST_KINDS = {
    K.ParameterDeclarationStatement, K.ParameterDeclaration, K.ParameterPortList,
    K.ParameterValueAssignment, K.TypedefDeclaration, K.VariableDimension,
    K.GenvarDeclaration, K.TypeParameterDeclaration,
}
