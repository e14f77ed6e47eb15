/**
 * A project's key as Credence writes it, from a key as another database spells it: CarbonPlan's OffsetsDB writes Gold
 * Standard's projects `GLD` and the GSID where the registry and Berkeley write `GS` (GLD12285 is GS12285). Read so
 * wherever a key is looked up, so an analyst's list from OffsetsDB finds its projects; any other key is as given.
 */
export function credenceKey(key: string): string {
  const goldStandard = /^GLD(\d+)$/i.exec(key)
  return goldStandard ? `GS${goldStandard[1]}` : key
}
