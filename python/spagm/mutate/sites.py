# SPDX-License-Identifier: Apache-2.0
"""Mutation sites of a unit's RTL, from slang's syntax trees (pyslang).

Every candidate of the operators (docs/mutate.md) is enumerated with its
file:line:col; the equivalence-reduction rules (docs/mutate.md, N151-N153)
mark candidates `excluded` with the rule's name instead of dropping them, so
the counts per rule are reported too. A kept mutant is named by its stable
id (mutant.stable_id, N320), never by its position among the others.
"""
import os

from pyslang import syntax

from . import ops
from .design import ASSIGN_OPS, CONST_KINDS, Design, children, const_eval, \
    names_in, walk_nodes
from .mutant import Mutant, line_col, one_line, stable_id

K = syntax.SyntaxKind

# Exclusion rules (the names the report counts by).
R_BUG = "bug_sel logic"
R_DEAD = "dead when bug_sel = 0"
R_TB = "testbench-only code"
R_CONST = "constant context"
R_TARGET = "assignment target"
R_EVENT = "event control"
R_PACKAGE = "package"
R_LABEL = "case label"
R_SAME = "same text as another mutant"
R_LOOP = "clocked loop body"
R_SIGN = ops.R_SIGNEDNESS
RULES = (R_BUG, R_DEAD, R_TB, R_CONST, R_TARGET, R_EVENT, R_PACKAGE, R_LABEL, R_LOOP, R_SIGN,
         R_SAME)

TB_KINDS = {K.InitialBlock, K.FinalBlock, K.ImmediateAssertStatement,
            K.AssertPropertyStatement, K.ConcurrentAssertionMember,
            K.ImmediateAssertionMember}
# System functions whose arguments are run-time values; any other system
# call is a task of the testbench ($display) or a constant function ($bits).
RUNTIME_SYSCALLS = {"$signed", "$unsigned"}


class Enumerator:
    """Walks one file's tree, appending candidates to `out`."""

    def __init__(self, design, path, text, out):
        self.design, self.path, self.text, self.out = design, path, text, out
        self.module = ""
        self.genvars = {}  # genvar -> (first, last) value, None when unknown

    # ---- candidates ------------------------------------------------------
    def add(self, node, operator, change, edits, reason, at=None):
        """A candidate; `at` is the offset it is located at (default: its
        first edit's start)."""
        at = min(e.start for e in edits) if at is None else at
        line, col = line_col(self.text, at)
        if not reason and self.module and names_in(node) & self.tainted().keys():
            reason = R_BUG
        m = Mutant(self.path, line, col, self.module, operator, change, edits, reason)
        m.before, m.after = one_line(self.text, edits)
        self.out.append(m)

    def tainted(self):
        info = self.design.modules.get(self.module)
        return info.tainted if info else {}

    def src(self, node):
        r = node.sourceRange
        return self.text[r.start.offset:r.end.offset]

    # ---- the walk --------------------------------------------------------
    def walk(self, node, reason=""):
        """Candidates of a subtree; `reason` is the rule that excludes
        them (inherited from an enclosing context), "" when none does."""
        if node is None:
            return
        k = node.kind
        if k == K.ModuleDeclaration:
            self.module = node.header.name.valueText
        if k == K.PackageDeclaration:
            reason = reason or R_PACKAGE
        if k in TB_KINDS:
            reason = reason or R_TB
        if k in CONST_KINDS or k.name.endswith("Type") and k != K.ImplicitType:
            reason = reason or R_CONST
        if k == K.FunctionDeclaration and \
                node.prototype.name.kind == K.IdentifierName and \
                node.prototype.name.identifier.valueText in self.design.const_functions:
            reason = reason or R_CONST
        handler = self._assignment if k in ASSIGN_OPS else getattr(self, "on_" + k.name, None)
        if handler is not None and handler(node, reason):
            return
        ops.sites(self, node, reason)
        for c in children(node):
            self.walk(c, reason)

    # Children with a context of their own; each returns True when it
    # walked its children itself.
    def on_DataDeclaration(self, node, reason):
        # Variable initialisers run once at time 0, like an initial block.
        self.walk(node.type, reason or R_CONST)
        for d in children(node):
            if d.kind == K.Declarator:
                for c in children(d):
                    self.walk(c, reason or (R_TB if c.kind == K.EqualsValueClause else R_CONST))
        return True

    def _assignment(self, node, reason):
        self.walk(node.left, reason or R_TARGET)
        info = self.design.modules.get(self.module)
        if info and node.left.kind == K.IdentifierName and \
                node.left.identifier.valueText in info.dead:
            reason = reason or R_DEAD  # it drives only what a defect reads (N321)
        self.walk(node.right, reason)
        return True

    def on_IfGenerate(self, node, reason):
        self.walk(node.condition, reason or R_CONST)
        self.walk(node.block, reason)
        self.walk(node.elseClause, reason)
        return True

    def on_LoopGenerate(self, node, reason):
        for c in children(node):
            if c.kind != K.GenerateBlock:
                self.walk(c, reason or R_CONST)
        # The genvar's first and last value bound the selects of its body.
        info = self.design.modules.get(self.module)
        env = {**self.design.package_values, **(info.params if info else {}), **self.genvars}
        name = node.identifier.valueText
        first = const_eval(node.initialExpr, env)
        stop = node.stopExpr
        last = None
        if stop is not None and stop.kind in (K.LessThanExpression, K.LessThanEqualExpression):
            bound = const_eval(stop.right, env)
            if bound is not None:
                last = bound - 1 if stop.kind == K.LessThanExpression else bound
        saved = dict(self.genvars)
        self.genvars[name] = (first, last)
        self.walk(node.block, reason)
        self.genvars = saved
        return True

    def on_CaseGenerate(self, node, reason):
        for c in children(node):
            self.walk(c, reason or R_CONST)
        return True

    def on_ForLoopStatement(self, node, reason):
        # The header bounds an unrolled loop: constant context. A body with
        # nonblocking assignments must stay small enough for Verilator to
        # unroll (else BLKLOOPINIT): not mutated (N152).
        nba = any(n.kind == K.NonblockingAssignmentExpression for n in walk_nodes(node))
        for c in children(node):
            is_body = c.sourceRange.start.offset >= node.closeParen.location.offset
            self.walk(c, (reason or R_LOOP if nba else reason) if is_body else reason or R_CONST)
        return True

    def on_EventControlWithExpression(self, node, reason):
        self.walk(node.expr, reason or R_EVENT)
        return True

    def on_MultipleConcatenationExpression(self, node, reason):
        ops.sites(self, node, reason)
        self.walk(node.expression, reason or R_CONST)
        self.walk(node.concatenation, reason)
        return True

    def on_ElementSelect(self, node, reason):
        sel = node.selector
        if sel is None:
            return True
        if sel.kind == K.BitSelect:
            self.walk(sel.expr, reason)
        elif sel.kind in (K.AscendingRangeSelect, K.DescendingRangeSelect):
            self.walk(sel.left, reason)
            self.walk(sel.right, reason or R_CONST)
        else:
            self.walk(sel.left, reason or R_CONST)
            self.walk(sel.right, reason or R_CONST)
        return True

    def on_CastExpression(self, node, reason):
        self.walk(node.left, reason or R_CONST)
        self.walk(node.right, reason)
        return True

    def on_InvocationExpression(self, node, reason):
        if node.left.kind == K.SystemName:
            name = node.left.systemIdentifier.valueText
            if name not in RUNTIME_SYSCALLS:
                reason = reason or (R_CONST if name in ("$bits", "$clog2", "$size") else R_TB)
        ops.sites(self, node, reason)
        for c in children(node):
            self.walk(c, reason)
        return True

    def on_HierarchyInstantiation(self, node, reason):
        child = self.design.modules.get(node.type.valueText)
        for c in children(node):
            if c.kind == K.ParameterValueAssignment:
                self.walk(c, reason or R_CONST)
                continue
            for conn in children(c):
                if conn.kind != K.NamedPortConnection:
                    self.walk(conn, reason or R_TARGET)
                    continue
                d = child.ports.get(conn.name.valueText) if child else None
                self.walk(conn.expr, reason if d == "input" else reason or R_TARGET)
        return True

    def on_ConditionalExpression(self, node, reason):
        cond = self._predicate(node.predicate)
        live = self._cond_sites(node, cond, reason)
        self.walk(node.left, reason or ("" if live != 0 else R_DEAD))
        self.walk(node.right, reason or ("" if live != 1 else R_DEAD))
        return True

    def on_ConditionalStatement(self, node, reason):
        cond = self._predicate(node.predicate)
        live = self._cond_sites(node, cond, reason)
        self.walk(node.statement, reason or ("" if live != 0 else R_DEAD))
        if node.elseClause is not None:
            self.walk(node.elseClause, reason or ("" if live != 1 else R_DEAD))
        return True

    def on_CaseStatement(self, node, reason):
        self.walk(node.expr, reason)
        ops.case_sites(self, node, reason)
        for item in children(node):
            if item.kind == K.StandardCaseItem:
                for e in children(item):
                    self.walk(e, reason if e.sourceRange.start.offset >=
                              item.colon.location.offset else reason or R_LABEL)
            elif item.kind == K.DefaultCaseItem:
                self.walk(item.clause, reason)
        return True

    def on_LogicalAndExpression(self, node, reason):
        return self._short_circuit(node, reason, 0)

    def on_LogicalOrExpression(self, node, reason):
        return self._short_circuit(node, reason, 1)

    def _short_circuit(self, node, reason, dominant):
        """a && b with a 0 when no defect is selected: b is dead (|| with 1)."""
        a = self.design.bug_value(self.module, node.left)
        b = self.design.bug_value(self.module, node.right)
        if a != dominant and b != dominant:
            return False
        ops.sites(self, node, reason)
        self.walk(node.left, reason or ("" if b != dominant else R_DEAD))
        self.walk(node.right, reason or ("" if a != dominant else R_DEAD))
        return True

    def _predicate(self, pred):
        conds = [c for c in children(pred) if c.kind == K.ConditionalPattern]
        return conds[0].expr if len(conds) == 1 and conds[0].matchesClause is None else None

    def _cond_sites(self, node, cond, reason):
        """Condition forced true/false; the condition's value when no defect
        is selected (0, 1 or None)."""
        if cond is None:
            return None
        live = None
        if names_in(cond) & self.tainted().keys():
            live = self.design.bug_value(self.module, cond)
            reason = reason or R_BUG
        self.walk(cond, reason)
        ops.condition_sites(self, cond, reason)
        return live


def enumerate_sites(files, texts, trees, root=None):
    """All candidates of the files (list of paths, their texts and trees),
    kept ones named by their stable id with paths relative to `root` (the
    file list's folder; default the files' common folder); duplicates of an
    earlier mutant excluded."""
    if root is None:
        root = os.path.commonpath([os.path.dirname(os.path.abspath(f)) for f in files])
    design = Design(trees)
    out = []
    for path, text, tree in zip(files, texts, trees):
        Enumerator(design, path, text, out).walk(tree.root)
    seen = set()
    for m in out:
        if m.excluded:
            continue
        key = m.key()
        if key in seen or all(e.text == text_of(texts, files, m, e) for e in m.edits):
            m.excluded = R_SAME
            continue
        sid = stable_id(os.path.relpath(m.file, root), m.line, m.col, m.operator, m.change,
                        m.before, m.after)
        if sid in seen:  # another place's edit giving the very same line
            m.excluded = R_SAME
            continue
        seen.update((key, sid))
        m.id = sid
    return out


def text_of(texts, files, m, e):
    return texts[files.index(m.file)][e.start:e.end]
