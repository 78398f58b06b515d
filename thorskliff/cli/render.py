"""The text view of an observation, as ``thorskliff show`` prints it."""

from __future__ import annotations


def render(obs: dict) -> str:
    """A plain text summary of an observation (see ``docs/records.md``)."""
    lines = []
    turn = f"seat {obs['turn']}'s turn" if obs["turn"] else "setup"
    phase = f"phase {obs['phase']} ({obs['phase_name']})" if obs["phase"] is not None else obs["phase_name"]
    lines.append(f"{obs['mode']} · arrangement {obs['arrangement']} · round {obs['round']} · {turn} · {phase} · "
                 f"step {obs['step']}")
    players = {p["seat"]: p for p in obs["players"]}
    if obs["outcome"]:
        w = obs["outcome"]["winner"]
        who = f"seat {w} ({players[w]['name']}) wins" if w else "a draw"
        lines.append(f"game over: {who} by {obs['outcome']['reason']}")
    elif obs["decider"] == "chance":
        lines.append("decides: the dice (" + " ".join(obs["chance"]) + ")")
    else:
        p = players[obs["decider"]]
        lines.append(f"decides: seat {p['seat']} ({p['name']}, {p['hero']})")
    sp = obs["supply"]
    epic = f", epic cards: {', '.join(sp['epic'])}" if sp["epic"] else ""
    lines.append(f"supply: {sp['ambers']} ambers, {sp['potions']} potions, helmet "
                 f"{'free' if sp['helm'] else 'taken'}, {sp['wisent']} wisent{epic}")
    lines.append("")
    head = ("seat", "name", "hero", "colour", "life", "taler", "amber", "deliv", "cryst", "weapon", "potions",
            "supply", "hero", "gode", "state")
    rows = [head]
    for p in obs["players"]:
        pots = ", ".join(x["kind"] if x["kind"] else "?" for x in p["potions"]) or "-"
        extras = [x for x in (p["weapon"], "wisent" if p["wisent"] else "", "helm" if p["helm"] else "",
                              *p["epic"]) if x]
        state = "out" if p["out"] else p["faint"]
        rows.append((str(p["seat"]), p["name"], p["hero"], p["colour"], f"{p['life']}/{p['max_life']}",
                     str(p["taler"]), "yes" if p["amber"] else "-", str(p["delivered"]),
                     f"{p['crystals']}{p['crystal_bonus'] or ''}", "+".join(extras), pots, str(p["supply"]),
                     p["hero_at"] or "-", p["gode_at"] or "-", state))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines.extend("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)
    lines.append("")
    lines.append("board:")
    for h in obs["hexes"]:
        things = []
        for seat, u in sorted(h["units"].items(), key=lambda kv: int(kv[0])):
            parts = [x for x in ("hero" + (" on wisent" if u["mounted"] else "") if u["hero"] else "",
                                 "gode" if u["gode"] else "",
                                 f"{u['warriors']} warrior{'s' if u['warriors'] != 1 else ''}"
                                 if u["warriors"] else "") if x]
            things.append(f"seat {seat}: " + ", ".join(parts))
        if h["troll"]:
            things.append("troll")
        for key, word in (("crystals", "crystal"), ("ambers", "amber"), ("taler", "Taler")):
            if h[key]:
                things.append(f"{h[key]} {word}" + ("s" if h[key] > 1 and word != "Taler" else ""))
        if h["lying"]:
            things.append(f"hero of seat {h['lying']} lying")
        if things:
            kind = h["rift"] + " rift" if h["rift"] else h["kind"] + (" (beach)" if h["beach"] else "")
            lines.append(f"  {h['label']:<4} {kind:<18} " + "; ".join(things))
    rune = obs["runestone"]
    if rune:
        lines.append(f"runestone: seat {rune['seat']} on {rune['hex']}, counter {rune['counter']}")
    c = obs["combat"]
    if c:
        lines.append("")
        dfn = "a troll" if c["defender"] == "troll" else f"seat {c['defender']}"
        kind = "strike" if c["strike"] else "combat"
        lines.append(f"{kind} on {c['hex']}: seat {c['attacker']} against {dfn}")
        lines.append("  attackers: " + " ".join(u["id"] + ("†" if u["defeated"] else "") for u in c["attackers"]))
        lines.append("  defenders: " + " ".join(u["id"] + ("†" if u["defeated"] else "") for u in c["defenders"]))
        if c["roll"]:
            lines.append(f"  roll of the {c['roll_of']}: " + " ".join(f"{d['die']}{d['value']}" for d in c["roll"])
                         + (f"; blocked {' '.join(map(str, c['blocked']))}" if c["blocked"] else "")
                         + (f"; to assign {' '.join(map(str, c['to_assign']))}" if c["to_assign"] else ""))
        if c["suggestion"]:
            lines.append("  suggestion: " + " ".join(c["suggestion"]))
    if obs["legal"]:
        lines.append("")
        lines.append("your decisions: " + " | ".join(obs["legal"]))
    return "\n".join(lines)
