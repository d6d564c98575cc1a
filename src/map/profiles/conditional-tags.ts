/** One `value @ condition` part of a `:conditional` tag; `condition` without its outer parentheses. */
export interface ConditionalPart {
  value: string;
  condition: string;
}

/** The parts of a `:conditional` tag, `7.5 @ (Mo-Fr 06:00-22:00); none @ delivery`, split outside parentheses. */
export function conditionalParts(tagValue: string | undefined): ConditionalPart[] {
  if (tagValue === undefined) return [];
  const parts: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i <= tagValue.length; i++) {
    const ch = tagValue[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if ((ch === ';' && depth === 0) || i === tagValue.length) {
      parts.push(tagValue.slice(start, i));
      start = i + 1;
    }
  }
  return parts.flatMap((part) => {
    const at = part.indexOf('@');
    const value = (at < 0 ? part : part.slice(0, at)).trim();
    const condition = at < 0 ? '' : part.slice(at + 1).trim().replace(/^\((.*)\)$/s, '$1').trim();
    return value.length > 0 ? [{ value, condition }] : [];
  });
}
