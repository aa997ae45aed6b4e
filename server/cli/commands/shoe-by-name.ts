/**
 * The shoe a command's `--shoe` names among a table's shoe ids: its whole id, or the end of it the screens show (their
 * last 8 characters: "98890949" was answered "no such shoe", outsider pass 12), as `tq export` takes it from the table's disk and from the central store alike. Several shoes
 * ending alike come back as their list, for the command to name; a name nothing matches comes back as given, for the
 * reader to say there is no such shoe.
 */
export function shoeByName(ids: readonly string[], wanted: string): string | string[] {
  if (ids.includes(wanted)) return wanted;
  const ending = ids.filter((id) => id.endsWith(wanted));
  return ending.length === 1 ? ending[0]! : ending.length > 1 ? ending : wanted;
}

/** What a command says of a name several shoes end in. */
export function ambiguousShoe(wanted: string, ending: readonly string[]): string {
  return `${ending.length} shoes end in "${wanted}": ${ending.join(', ')}; give more of the id`;
}
