/** `%`, `_` and the escape character itself match literally in a LIKE pattern (`escape '\'`). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
