# SPDX-License-Identifier: Apache-2.0
"""The mutation operators (docs/mutate.md): for one syntax node, the mutants it
offers. Each is a whole-node replacement text (Edit), so the mutated copy
can select it at run time; the enumerator (sites.py) decides whether the
node's context allows it.

  relational  <  <->  <=,  >  <->  >=,  ==  <->  !=
  arithmetic  +  <->  -,  *  ->  +,  <<  <->  >>,  >>>  ->  >>
  logical     &  <->  |,  ^  ->  |,  ~^ -> ^,  &&  <->  ||,  !x / ~x  ->  x,
              reduction &x <-> |x, ^x -> ~^x
  constant    literal + 1 and - 1 (modulo its width), '0 <-> '1
  index       bit-select and part-select index + 1 and - 1
  extension   $signed <-> $unsigned, {{n{x[msb]}}, x} <-> {n'd0, x}
  term        one term of a | / & / + chain dropped
  condition   the condition of an if or ?: forced true, forced false
  case        a case item removed (its value takes the default), or two
              adjacent items' statements swapped
"""
from pyslang import syntax

from .design import children, const_eval, literal_value
from .mutant import Edit

K = syntax.SyntaxKind

RELATIONAL = {K.LessThanExpression: "<=", K.LessThanEqualExpression: "<",
              K.GreaterThanExpression: ">=", K.GreaterThanEqualExpression: ">",
              K.EqualityExpression: "!=", K.InequalityExpression: "==",
              K.CaseEqualityExpression: "!==", K.CaseInequalityExpression: "==="}
ARITHMETIC = {K.AddExpression: "-", K.SubtractExpression: "+", K.MultiplyExpression: "+",
              K.LogicalShiftLeftExpression: ">>", K.LogicalShiftRightExpression: "<<",
              K.ArithmeticShiftRightExpression: ">>"}
LOGICAL = {K.BinaryAndExpression: "|", K.BinaryOrExpression: "&", K.BinaryXorExpression: "|",
           K.BinaryXnorExpression: "^", K.LogicalAndExpression: "||",
           K.LogicalOrExpression: "&&"}
UNARY = {K.UnaryLogicalNotExpression: "", K.UnaryBitwiseNotExpression: "",
         K.UnaryBitwiseAndExpression: "|", K.UnaryBitwiseOrExpression: "&",
         K.UnaryBitwiseXorExpression: "~^"}
CHAINS = (K.BinaryOrExpression, K.BinaryAndExpression, K.AddExpression)


def _range(node):
    r = node.sourceRange
    return r.start.offset, r.end.offset


def _replace_token(en, node, tok, new):
    s, e = _range(node)
    t = tok.location.offset
    text = en.text[s:t] + new + en.text[t + len(tok.rawText):e]
    return [Edit(s, e, "expr", text)]


# The rule that drops a signedness change the copy cannot select (below).
R_SIGNEDNESS = "signedness outside a statement"
STATEMENTS = {getattr(K, n) for n in dir(K) if n.endswith("Statement")}
NOT_PROCEDURAL = (K.ContinuousAssign, K.DataDeclaration, K.ModuleDeclaration,
                  K.PortDeclaration, K.HierarchyInstantiation)


def enclosing_statement(node):
    """The innermost procedural statement around `node`, None when it sits
    in a continuous assignment, a declaration or a port connection.

    `$signed(x)` and `$unsigned(x)` differ in type, not in value: a
    conditional operator with one signed and one unsigned operand is
    unsigned, so `(sel ? $unsigned(x) : $signed(x)) >>> n` shifts in zeros
    with sel false too, and the copy's mutant 0 would not be the design.
    Such a mutant is selected around its whole statement instead, where
    each branch keeps its own type."""
    n = node.parent
    while n is not None:
        if n.kind in STATEMENTS:
            return n
        if n.kind in NOT_PROCEDURAL:
            return None
        n = n.parent
    return None


def _widen(en, edit, stmt):
    """`edit` applied inside the statement `stmt`, as a statement edit."""
    s, e = _range(stmt)
    return Edit(s, e, "stmt", en.text[s:edit.start] + edit.text + en.text[edit.end:e])


def _whole(node, text):
    s, e = _range(node)
    return [Edit(s, e, "expr", text)]


def sites(en, node, reason):
    """The expression-level mutants of one node."""
    k = node.kind
    if k in RELATIONAL or k in ARITHMETIC or k in LOGICAL:
        op = node.operatorToken.rawText
        for fam, table in (("relational", RELATIONAL), ("arithmetic", ARITHMETIC),
                           ("logical", LOGICAL)):
            if k in table:
                en.add(node, fam, f"{op} -> {table[k]}",
                       _replace_token(en, node, node.operatorToken, table[k]), reason)
    if k in CHAINS:
        _term_sites(en, node, reason)
    if k in UNARY:
        new = UNARY[k]
        op = node.operatorToken.rawText
        what = f"{op}x -> x" if not new else f"{op}x -> {new}x"
        en.add(node, "logical", what, _replace_token(en, node, node.operatorToken, new), reason)
    if k in (K.IntegerLiteralExpression, K.IntegerVectorExpression,
             K.UnbasedUnsizedLiteralExpression):
        _constant_sites(en, node, reason)
    if k in (K.IdentifierSelectName, K.ElementSelectExpression):
        _index_sites(en, node, reason)
    if k == K.InvocationExpression and node.left.kind == K.SystemName:
        name = node.left.systemIdentifier.valueText
        if name in ("$signed", "$unsigned"):
            other = "$unsigned" if name == "$signed" else "$signed"
            edits = _replace_token(en, node, node.left.systemIdentifier, other)
            stmt = enclosing_statement(node)
            if stmt is None:
                reason = reason or R_SIGNEDNESS
            else:
                edits = [_widen(en, edits[0], stmt)]
            en.add(node, "extension", f"{name} -> {other}", edits, reason,
                   at=_range(node)[0])
    if k == K.ConcatenationExpression:
        _extension_sites(en, node, reason)


def _term_sites(en, node, reason):
    parent = node.parent
    if parent is not None and parent.kind == node.kind:
        return  # a link of the parent's chain
    terms = []
    n = node
    while n.kind == node.kind:
        terms.append(n.right)
        n = n.left
    terms.append(n)
    terms.reverse()
    s, e = _range(node)
    for i, t in enumerate(terms):
        if literal_value(t) is not None:
            continue  # the constant operator covers literal terms
        ts, te = _range(t)
        if i == 0:
            text = en.text[_range(terms[1])[0]:e]
        else:
            text = en.text[s:_range(terms[i - 1])[1]] + en.text[te:e]
        label = " ".join(en.text[ts:te].split())
        en.add(node, "term", f"drop term {label}", [Edit(s, e, "expr", text)], reason)


def _constant_sites(en, node, reason):
    parent = node.parent
    if parent is not None and parent.kind in (K.BitSelect, K.SimpleRangeSelect,
                                              K.AscendingRangeSelect,
                                              K.DescendingRangeSelect):
        return  # the index operator covers select indexes
    if node.kind == K.UnbasedUnsizedLiteralExpression:
        old = node.literal.rawText
        new = {"'0": "'1", "'1": "'0"}.get(old)
        if new:
            en.add(node, "constant", f"{old} -> {new}", _whole(node, new), reason)
        return
    v = literal_value(node)
    if v is None:
        return
    if node.kind == K.IntegerLiteralExpression:
        for d in (1, -1):
            if v + d >= 0:
                en.add(node, "constant", f"{v} -> {v + d}", _whole(node, str(v + d)), reason)
        return
    try:
        width = int(node.size.rawText.replace("_", "")) if node.size else 32
    except ValueError:
        return
    base = node.base.rawText
    b = base.lower().replace("'", "").replace("s", "")
    done = set()
    for d in (1, -1):
        nv = (v + d) % (1 << width)
        if nv in done:
            continue
        done.add(nv)
        digits = {"d": str(nv), "h": f"{nv:X}", "b": f"{nv:b}", "o": f"{nv:o}"}[b]
        new = f"{node.size.rawText if node.size else ''}{base}{digits}"
        old = en.src(node)
        en.add(node, "constant", f"{old} -> {new}", _whole(node, new), reason)


def _plus(text, d):
    v = None
    try:
        v = int(text.replace("_", ""))
    except ValueError:
        pass
    if v is not None:
        return None if v + d < 0 else str(v + d)
    return f"({text}) {'+' if d > 0 else '-'} 1"


def _index_sites(en, node, reason):
    sels = [node.select] if node.kind == K.ElementSelectExpression else \
        [s for s in children(node) if s.kind == K.ElementSelect]
    s0, e0 = _range(node)
    # `s.a[0]`: the select is the member's, the replaced expression the
    # whole member access.
    p = node.parent
    while p is not None and p.kind in (K.ScopedName, K.MemberAccessExpression) and \
            _range(p)[1] == e0:
        s0 = _range(p)[0]
        p = p.parent
    rng = None
    if node.kind == K.IdentifierSelectName and len(sels) == 1:
        info = en.design.modules.get(en.module)
        rng = info.ranges.get(node.identifier.valueText) if info else None
    for sel in sels:
        x = sel.selector
        if x is None:
            continue
        a, b = _range(x)
        for d in (1, -1):
            if rng is not None and not _inside(en, x, d, rng):
                continue
            if x.kind == K.BitSelect:
                new = _plus(en.src(x.expr), d)
            elif x.kind in (K.AscendingRangeSelect, K.DescendingRangeSelect):
                base = _plus(en.src(x.left), d)
                new = None if base is None else f"{base} {x.range.rawText} {en.src(x.right)}"
            else:
                hi, lo = _plus(en.src(x.left), d), _plus(en.src(x.right), d)
                new = None if hi is None or lo is None else f"{hi}:{lo}"
            if new is None:
                continue
            text = en.text[s0:a] + new + en.text[b:e0]
            en.add(node, "index", f"[{en.src(x)}] -> [{new}]", [Edit(s0, e0, "expr", text)],
                   reason)


def _inside(en, x, d, rng):
    """False when the index moved by d is a constant outside the declared
    range (an out-of-range constant select reads nothing: x)."""
    lo, hi = min(rng), max(rng)
    base_env = {**en.design.package_values, **en.design.modules[en.module].params}
    # Each genvar at its first and its last value (selects are linear in it).
    envs = [base_env]
    for g, (first, last) in en.genvars.items():
        if first is None or last is None:
            envs = [{**e, g: None} for e in envs]
        else:
            envs = [{**e, g: v} for e in envs for v in (first, last)]
    return all(_inside_at(x, d, lo, hi, {k: v for k, v in e.items() if v is not None})
               for e in envs)


def _inside_at(x, d, lo, hi, env):
    if x.kind == K.BitSelect:
        picks = [const_eval(x.expr, env)]
    elif x.kind == K.AscendingRangeSelect:
        base, w = const_eval(x.left, env), const_eval(x.right, env)
        picks = [base, None if base is None or w is None else base + w - 1]
    elif x.kind == K.DescendingRangeSelect:
        base, w = const_eval(x.left, env), const_eval(x.right, env)
        picks = [base, None if base is None or w is None else base - w + 1]
    else:
        picks = [const_eval(x.left, env), const_eval(x.right, env)]
    return all(p is None or lo <= p + d <= hi for p in picks)


def _msb(en, item):
    """The text of an item's top bit, for a sign extension of it."""
    if item.kind == K.IdentifierName:
        name = item.identifier.valueText
        return f"1'({name} >> ($bits({name})-1))"  # a scalar has no bit select
    if item.kind == K.IdentifierSelectName:
        sels = [s for s in children(item) if s.kind == K.ElementSelect]
        x = sels[-1].selector if sels else None
        head = en.text[_range(item)[0]:_range(sels[-1])[0]] if sels else ""
        if x is None:
            return None
        if x.kind == K.BitSelect:
            return en.src(item)
        if x.kind == K.SimpleRangeSelect:
            return f"{head}[{en.src(x.left)}]"
        if x.kind == K.AscendingRangeSelect:
            return f"{head}[({en.src(x.left)})+({en.src(x.right)})-1]"
    return None


def _is_zero_fill(item):
    if item.kind == K.IntegerVectorExpression and item.size is not None:
        return literal_value(item) == 0
    return False


def _extension_sites(en, node, reason):
    items = [c for c in children(node)]
    for i in range(len(items) - 1):
        a, b = items[i], items[i + 1]
        if a.kind == K.MultipleConcatenationExpression:
            inner = [c for c in children(a.concatenation)]
            if len(inner) == 1 and inner[0].kind == K.IdentifierSelectName and \
                    b.kind in (K.IdentifierName, K.IdentifierSelectName) and \
                    inner[0].identifier.valueText == b.identifier.valueText:
                count = en.src(a.expression)
                en.add(a, "extension", "sign extension -> zero extension",
                       _whole(a, f"{{{count}{{1'b0}}}}"), reason)
        elif _is_zero_fill(a) and b.kind in (K.IdentifierName, K.IdentifierSelectName):
            msb = _msb(en, b)
            if msb:
                count = a.size.rawText
                en.add(a, "extension", "zero extension -> sign extension",
                       _whole(a, f"{{{count}{{{msb}}}}}"), reason)


def condition_sites(en, cond, reason):
    if literal_value(cond) is not None:
        return
    for v, what in (("1'b1", "true"), ("1'b0", "false")):
        en.add(cond, "condition", f"condition forced {what}", _whole(cond, v), reason)


def case_sites(en, node, reason):
    items = [c for c in children(node) if c.kind in (K.StandardCaseItem, K.DefaultCaseItem)]
    default = next((c for c in items if c.kind == K.DefaultCaseItem), None)
    alt = en.src(default.clause) if default is not None else ";"
    std = [c for c in items if c.kind == K.StandardCaseItem]

    def st(item, text):
        s, e = _range(item.clause)
        return Edit(s, e, "stmt", text)

    def label(item):
        return " ".join(en.text[_range(item)[0]:item.colon.location.offset].split())

    for it in std:
        en.add(it.clause, "case", f"case item {label(it)} removed", [st(it, alt)], reason)
    for a, b in zip(std, std[1:]):
        en.add(a.clause, "case", f"case items {label(a)} and {label(b)} swapped",
               [st(a, en.src(b.clause)), st(b, en.src(a.clause))], reason)


