/**
 * How a storm is named for people (issue 20 item 2): by its name, written as a word ("JANET
 * EXERCISE" in HURDAT2 reads "Janet exercise"), with its id (AL052026) as secondary text. One
 * rule for the holder's payouts, the proof page, the staff screens and the messages.
 */

/** HURDAT2 writes names upper case and "UNNAMED" for a system without one. */
export function stormDisplayName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.toUpperCase() === 'UNNAMED') return 'Unnamed system';
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).toLowerCase();
}

/** A storm's name with its id in brackets, for one line of text: "Janet exercise (AL052026)". */
export function stormLabel(storm: { id: string; name: string | null }): string {
  return storm.name ? `${stormDisplayName(storm.name)} (${storm.id})` : storm.id;
}
