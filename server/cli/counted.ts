/** A count with its noun in the CLI's English, singular for one: "1 event", "12 events" (an operator read "OK (1 events)"). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
