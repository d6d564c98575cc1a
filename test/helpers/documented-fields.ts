/** Paths of the fields of a real answer that its published JSON schema does not document. */
type Json = Record<string, any>;

export function undocumented(value: unknown, schema: Json | undefined, path: string): string[] {
  if (!schema || Array.isArray(schema.oneOf)) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => undocumented(item, schema.items, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null || !schema.properties) return [];
  return Object.entries(value).flatMap(([key, item]) => (key in schema.properties
    ? undocumented(item, schema.properties[key], `${path}.${key}`)
    : schema.additionalProperties ? [] : [`${path}.${key}`]));
}

/** The 200 answer schema of a path in the /docs document. */
export function answerSchemaOf(document: { paths: Record<string, Record<string, Json>> }, path: string, method = 'post'): Json {
  return document.paths[path]![method]!.responses['200'].content['application/json'].schema as Json;
}
