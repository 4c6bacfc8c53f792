"""A JSON Schema (draft 2020-12) check for the part of it docs/review-schema.json uses:
``type`` (one or a list), ``enum``, ``const``, ``minimum``, ``maximum``,
``exclusiveMinimum``, ``required``, ``properties``, ``additionalProperties`` (true,
false or a schema), ``minProperties``, ``items``, ``anyOf`` and ``$ref`` to
``#/$defs/...``.  A keyword it does not know is an error (ValueError), so the schema
cannot quietly use more than is checked.  ``problems(schema, value)`` lists what is
wrong, each naming where (``moves/3/before``); [] when the value fits.
"""

from __future__ import annotations

KNOWN = {"$schema", "$id", "$defs", "title", "description", "type", "enum", "const",
         "minimum", "maximum", "exclusiveMinimum", "required", "properties",
         "additionalProperties", "minProperties", "items", "anyOf", "$ref"}

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


def problems(schema: dict, value, root: dict | None = None, where: str = "") -> list:
    root = schema if root is None else root
    if not isinstance(schema, dict):
        raise ValueError(f"{where or 'the schema'}: a schema is an object")
    unknown = set(schema) - KNOWN
    if unknown:
        raise ValueError(f"{where or 'the schema'}: keywords not checked: {sorted(unknown)}")
    here = where or "(the whole)"
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"{here}: only #/$defs/ references are checked, not {ref}")
        target = root["$defs"][ref[len("#/$defs/"):]]
        got = problems(target, value, root, where)
        if got:
            return got
    if "anyOf" in schema:
        tries = [problems(s, value, root, where) for s in schema["anyOf"]]
        if all(tries):
            best = min(tries, key=len)
            return [f"{here}: fits none of anyOf (nearest: {'; '.join(best)})"]
    out = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(TYPES[k](value) for k in kinds):
            return [f"{here}: {value!r} is not {' or '.join(kinds)}"]
    if "const" in schema and (value != schema["const"]
                              or type(value) is not type(schema["const"])):
        out.append(f"{here}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{here}: {value!r} is not one of {schema['enum']}")
    if TYPES["number"](value):
        if "minimum" in schema and value < schema["minimum"]:
            out.append(f"{here}: {value} is below {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            out.append(f"{here}: {value} is above {schema['maximum']}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            out.append(f"{here}: {value} is not above {schema['exclusiveMinimum']}")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                out.append(f"{here}: {key!r} is missing")
        if len(value) < schema.get("minProperties", 0):
            out.append(f"{here}: fewer than {schema['minProperties']} properties")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, v in value.items():
            at = f"{where}/{key}" if where else str(key)
            if key in props:
                out += problems(props[key], v, root, at)
            elif extra is False:
                out.append(f"{at}: not allowed")
            elif isinstance(extra, dict):
                out += problems(extra, v, root, at)
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            out += problems(schema["items"], v, root, f"{where}/{i}" if where else str(i))
    return out
