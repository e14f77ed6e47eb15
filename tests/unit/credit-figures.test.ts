import { describe, expect, it } from 'vitest'
import { ledgerOf, projectCreditFigures, type CreditCount, type CreditGroup } from '../../src/server/projects/credit-figures'

const berkeley: CreditCount = { issued: 42_534_256, retired: 30_000_000, remaining: 12_534_256, source: 'src_vrod', asOf: new Date('2025-12-31T00:00:00Z') }
const group = (g: Partial<CreditGroup>): CreditGroup => ({ source_id: 'src_verra', kind: 'issuance', vintage: 2022, year: 2026, later: true, held: false, buffer: false, quantity: 0, records: 1, through: '2026-04-13', ...g })

describe("a project's credit figures: the newest count plus the records dated after it", () => {
  it('adds what the registry recorded after the count, says so, and never counts an earlier record twice', () => {
    const groups = [
      group({ quantity: 400, records: 1, through: '2026-02-01' }),
      group({ quantity: 25, records: 1, through: '2026-04-13' }),
      group({ kind: 'retirement_or_cancellation', quantity: 100, records: 2, through: '2026-03-01' }),
      // Already in Berkeley's count: dated on or before its as-of day.
      group({ later: false, quantity: 1_000_000, records: 9, through: '2025-06-30' }),
    ]
    const figures = projectCreditFigures(berkeley, [], groups, [])
    expect(figures.issued.value).toBe(42_534_256 + 425)
    expect(figures.issued.text).toBe("42,534,256 issued per Berkeley as of Dec 31, 2025, + 425 since per Verra Registry's export (2 records, through Apr 13, 2026)")
    expect(figures.issued.counted).toEqual({ value: 42_534_256, source: 'src_vrod', as_of: '2025-12-31T00:00:00.000Z' })
    expect(figures.retired.value).toBe(30_000_100)
    expect(figures.remaining.value).toBe(12_534_256 + 425 - 100)
    expect(figures.remaining.text).toMatch(/^12,534,256 remaining per Berkeley as of Dec 31, 2025, \+ 425 issued − 100 retired or cancelled since per Verra Registry's export \(\d+ records, through Apr 13, 2026\)/)
  })

  it("counts what a registry issued into its buffer pool as buffer, never as issued or remaining, and says so", () => {
    // Cercarbono's CCB2: 11,195 issued in its records, 1,679 of them a buffer batch (`_BF`), 9,516 retired. Read as
    // issued, its 1,679 "remaining" were the buffer's, and a shortlist bought them.
    const groups = [
      group({ source_id: 'src_cercarbono', later: true, quantity: 9_516, vintage: 2021, year: 2023 }),
      group({ source_id: 'src_cercarbono', buffer: true, quantity: 1_679, vintage: 2021, year: 2023 }),
      group({ source_id: 'src_cercarbono', kind: 'retirement', later: true, quantity: 9_516, vintage: 2021, year: 2024 }),
    ]
    const figures = projectCreditFigures(null, [], groups, [])
    expect([figures.issued.value, figures.retired.value, figures.remaining.value]).toEqual([9_516, 9_516, 0])
    expect(figures.by_vintage).toMatchObject([{ vintage: 2021, issued: 9_516, retired: 9_516, remaining: 0 }])
    expect(figures.buffer_issued).toBe(1_679)
    expect(figures.issued.text).toMatch(/; Cercarbono Registry's export issues 1,679 into its buffer pool \(1 record\): set aside against reversals, never for sale, so counted as buffer, not as issued$/)
    // What the source itself says stands apart, its buffer batch in its own column, not in the project's issued.
    expect(figures.sources).toMatchObject([{ source: 'src_cercarbono', basis: 'records', issued: 9_516, retired: 9_516, buffer_issued: 1_679, buffer_cancelled: 0 }])
    expect(figures.later_by_year).toEqual([{ year: 2023, issued: 9_516, retired: 0 }, { year: 2024, issued: 0, retired: 9_516 }])
    // A buffer batch on or before a count's day is the count's to hold, as any record is: not added as buffer either.
    const counted = projectCreditFigures(berkeley, [], [group({ later: false, buffer: true, quantity: 500 })], [])
    expect(counted.buffer_issued).toBe(0)
    expect(counted.issued.text).not.toMatch(/buffer pool/)
  })

  it('sums the records dated after the count by the year of their day, issuances as issued and the rest as retired', () => {
    const groups = [
      group({ quantity: 400, year: 2026 }),
      group({ quantity: 25, year: 2027, vintage: 2023 }),
      group({ kind: 'retirement_or_cancellation', quantity: 100, year: 2026 }),
      group({ kind: 'cancellation', quantity: 7, year: 2026, source_id: 'src_gold_standard' }),
      // In the count already, and a record with no day: neither has a year to add to.
      group({ later: false, quantity: 1_000_000, year: 2025 }),
      group({ quantity: 3, year: null }),
    ]
    expect(projectCreditFigures(berkeley, [], groups, []).later_by_year).toEqual([
      { year: 2026, issued: 400, retired: 107 },
      { year: 2027, issued: 25, retired: 0 },
    ])
  })

  it('shows what each source says, each as of its own date, so a disagreement stands side by side', () => {
    const groups = [group({ later: false, quantity: 1_000_000, records: 9, through: '2025-06-30' }), group({ quantity: 425, through: '2026-04-13' })]
    const { sources } = projectCreditFigures(berkeley, [], groups, [])
    expect(sources).toEqual([
      { source: 'src_vrod', basis: 'count', as_of: '2025-12-31T00:00:00.000Z', issued: 42_534_256, retired: 30_000_000, buffer_issued: null, buffer_cancelled: null, records: null },
      { source: 'src_verra', basis: 'records', as_of: '2026-04-13T00:00:00.000Z', issued: 1_000_425, retired: 0, buffer_issued: 0, buffer_cancelled: 0, records: 10 },
    ])
  })

  it('adds no issuance the count holds, though dated after it, and says so beside the issued figure', () => {
    // VCS1340's 425 of 2020, dated Apr 3, 2026, of an issuance of 1,454,054 that Berkeley counts; retired Apr 10.
    const groups = [
      group({ later: false, held: true, vintage: 2020, quantity: 425, through: '2026-04-03' }),
      group({ kind: 'retirement_or_cancellation', vintage: 2020, quantity: 425, through: '2026-04-10' }),
    ]
    const figures = projectCreditFigures(berkeley, [], groups, [])
    expect(figures.issued.value).toBe(berkeley.issued)
    expect(figures.issued.since).toEqual([])
    expect(figures.issued.text).toBe(
      "42,534,256 issued per Berkeley as of Dec 31, 2025; Verra Registry's export dates 425 of them after it (1 record, through Apr 3, 2026), blocks of an issuance Berkeley counts: not added again",
    )
    expect(figures.retired.value).toBe(berkeley.retired + 425)
    expect(figures.later_by_year).toEqual([{ year: 2026, issued: 0, retired: 425 }])
    // VCS2941's two, of 2023 and 2022.
    const two = projectCreditFigures(berkeley, [], [group({ later: false, held: true, vintage: 2023, quantity: 49_573 }), group({ later: false, held: true, vintage: 2022, quantity: 41_316 })], [])
    expect(two.issued.text).toMatch(/dates 90,889 of them after it \(2 records, through Apr 13, 2026\), blocks of issuances Berkeley counts: not added again$/)
  })

  it('stands on the records alone for a project no source counted (a new listing)', () => {
    const groups = [group({ quantity: 500, vintage: 2024 }), group({ kind: 'retirement', quantity: 120, vintage: 2024 }), group({ quantity: 80, vintage: null })]
    const figures = projectCreditFigures(null, [], groups, [])
    expect(figures.issued).toMatchObject({ value: 580, counted: null })
    expect(figures.issued.text).toBe("580 issued: 580 per Verra Registry's export (2 records, through Apr 13, 2026)")
    expect(figures.remaining.value).toBe(460)
    expect(figures.by_vintage).toEqual([
      { vintage: 2024, issued: 500, retired: 120, remaining: 380, counted: null },
      { vintage: null, issued: 80, retired: 0, remaining: 80, counted: null },
    ])
  })

  it("gives each vintage Berkeley's issued and remaining, retired being the rest, plus the later records, oldest first", () => {
    const count: CreditCount = { ...berkeley, issued: 3000, retired: 1400, remaining: 1600 }
    const blocks = [
      { year: 2019, issued_by_vintage: 1000, remaining_by_vintage: 100 },
      { year: 2021, issued_by_vintage: 2000, remaining_by_vintage: 1500 },
    ]
    const groups = [group({ vintage: 2021, kind: 'retirement', quantity: 300 }), group({ vintage: 2023, quantity: 700 }), group({ later: false, vintage: 2019, quantity: 5 })]
    const figures = projectCreditFigures(count, blocks, groups, [])
    expect(figures.by_vintage).toEqual([
      { vintage: 2019, issued: 1000, retired: 900, remaining: 100, counted: { issued: 1000, remaining: 100 } },
      { vintage: 2021, issued: 2000, retired: 800, remaining: 1200, counted: { issued: 2000, remaining: 1500 } },
      { vintage: 2023, issued: 700, retired: 0, remaining: 700, counted: null },
    ])
    expect(figures.disagreements).toEqual([])
    // The vintages always add up to the totals.
    expect(figures.by_vintage.reduce((sum, v) => sum + v.remaining, 0)).toBe(figures.remaining.value)
    expect(figures.by_vintage.reduce((sum, v) => sum + v.issued, 0)).toBe(figures.issued.value)
    expect(figures.by_vintage.reduce((sum, v) => sum + v.retired, 0)).toBe(figures.retired.value)
  })

  it('names both figures where later records take more of a vintage than the count left of it', () => {
    // As CAR1696 in Berkeley's release: 42 of its 2022 vintage remain; a later export retiring 1,000 of it disagrees.
    const count: CreditCount = { ...berkeley, issued: 100_850, retired: 100_808, remaining: 42 }
    const blocks = [{ year: 2022, issued_by_vintage: 100_850, remaining_by_vintage: 42 }]
    const figures = projectCreditFigures(count, blocks, [group({ source_id: 'src_car', vintage: 2022, kind: 'retirement', quantity: 1000 })], [])
    expect(figures.by_vintage).toEqual([{ vintage: 2022, issued: 100_850, retired: 101_808, remaining: -958, counted: { issued: 100_850, remaining: 42 } }])
    expect(figures.remaining.value).toBe(-958)
    expect(figures.disagreements).toHaveLength(1)
    expect(figures.disagreements[0]).toMatchObject({
      kind: 'records_exceed_remaining',
      vintage: 2022,
      figures: [
        { source: 'src_vrod', value: 42 },
        { source: 'src_car', value: 1000 },
      ],
    })
    expect(figures.disagreements[0].text).toMatch(/export retires or cancels 1,000 of vintage 2022, where Berkeley \(Dec 31, 2025\) leaves 42 of it/)
  })

  it('leaves records with no date out, and names both figures where they come to more than the count holds', () => {
    // As GS12875 after Gold Standard's April 2026 export: three cancellations with no date, 420,504 in all, where
    // Berkeley counts none retired.
    const count: CreditCount = { ...berkeley, issued: 500_000, retired: 0, remaining: 500_000 }
    const undated = (g: Partial<CreditGroup>) => group({ source_id: 'src_gold_standard', kind: 'cancellation', later: false, year: null, through: null, ...g })
    const figures = projectCreditFigures(count, [], [undated({ quantity: 400_000, records: 2 }), undated({ quantity: 20_504, records: 1, vintage: 2021 })], [])
    expect(figures.retired.value).toBe(0)
    expect(figures.disagreements).toEqual([
      {
        kind: 'undated_records_exceed_count',
        vintage: null,
        figures: [
          { source: 'src_vrod', says: 'retired or cancelled in all', value: 0 },
          { source: 'src_gold_standard', says: 'retired or cancelled with no day', value: 420_504 },
        ],
        text: "Gold Standard Impact Registry's export records 420,504 retired or cancelled with no day of their own (3 records), more than Berkeley (Dec 31, 2025) counts in all (0): the figures above leave them out, as they leave out every record with no day, which cannot be placed after the count",
      },
    ])
    // Within what the count holds, they may be in it: nothing disagrees.
    expect(projectCreditFigures({ ...count, retired: 420_504 }, [], [undated({ quantity: 420_504, records: 3 })], []).disagreements).toEqual([])
    // Unless the count breaks its credits down by vintage and holds none of theirs (GS11551's 334,563 of 2024).
    const blocks = [{ year: 2020, issued_by_vintage: 500_000, remaining_by_vintage: 79_496 }]
    const ofVintage = projectCreditFigures({ ...count, retired: 420_504, remaining: 79_496 }, blocks, [undated({ quantity: 334_563, records: 1, vintage: 2024 })], []).disagreements
    expect(ofVintage.map((d) => [d.kind, d.vintage, d.figures.map((f) => f.value)])).toEqual([['undated_records_exceed_count', 2024, [0, 334_563]]])
    expect(projectCreditFigures({ ...count, retired: 420_504, remaining: 79_496 }, blocks, [undated({ quantity: 400_000, records: 1, vintage: 2020 })], []).disagreements).toEqual([])
  })

  it("takes a vintage's cancellations dated before the count beyond its retired, at most what it left, and says so (ACR555)", () => {
    const count: CreditCount = { ...berkeley, issued: 5_000_000, retired: 626_349, remaining: 4_373_651 }
    const blocks = [
      { year: 2024, issued_by_vintage: 4_373_651, remaining_by_vintage: 4_373_651 },
      { year: 2023, issued_by_vintage: 626_349, remaining_by_vintage: 0 },
    ]
    const cancelled = (vintage: number, quantity: number) => group({ source_id: 'src_acr', kind: 'cancellation', vintage, year: 2025, later: false, quantity, through: '2025-12-26' })
    // 4,890,961 cancelled of 2024, where the count retires none: all it left is taken. (ACR555's are 4,373,651 of the
    // project's and 517,310 of its buffer's, which are the pool's: below.)
    const figures = projectCreditFigures(count, blocks, [cancelled(2024, 4_890_961), cancelled(2023, 626_349)], [])
    expect(figures.by_vintage.map((v) => [v.vintage, v.retired, v.remaining])).toEqual([
      [2023, 626_349, 0],
      [2024, 4_373_651, 0],
    ])
    expect([figures.retired.value, figures.remaining.value]).toEqual([5_000_000, 0])
    expect(figures.remaining.text).toMatch(/− 4,373,651 cancelled on or before it that it does not count \(below\)$/)
    expect(figures.disagreements.map((d) => [d.kind, d.vintage, d.figures.map((f) => f.value)])).toEqual([['cancellations_before_count', 2024, [0, 4_890_961]]])
    // Within what the count retires of the vintage (2023's), nothing is taken twice.
    expect(projectCreditFigures(count, blocks, [cancelled(2023, 626_349)], []).disagreements).toEqual([])
  })

  it('names cancellations before the count beyond its retired where it leaves nothing to take: a vintage it counts none of, or none left of', () => {
    // ACR746 and CAR2057, one project Berkeley lists under both: its 2025 batch (43,934) is ACR746's in Berkeley's
    // count and the Reserve's export cancels it as CAR2057's, of which the count has no 2025.
    const count: CreditCount = { ...berkeley, issued: 67_365, retired: 67_365, remaining: 0 }
    const blocks = [{ year: 2024, issued_by_vintage: 67_365, remaining_by_vintage: 0 }]
    const cancelled = (vintage: number, quantity: number) => group({ source_id: 'src_car', kind: 'cancellation', vintage, year: 2025, later: false, quantity, through: '2025-10-27' })
    const absent = projectCreditFigures(count, blocks, [cancelled(2025, 43_934)], [])
    expect([absent.retired.value, absent.remaining.value]).toEqual([67_365, 0])
    expect(absent.disagreements.map((d) => [d.kind, d.vintage, d.figures.map((f) => f.value)])).toEqual([['cancellations_before_count', 2025, [0, 43_934]]])
    expect(absent.disagreements[0].text).toMatch(/cancels 43,934 of vintage 2025 on or before Berkeley's count \(Dec 31, 2025\), where it counts none of the vintage here: this listing has none of them to take, and the count holds none of them \(it files the credits under another vintage or project/)
    // ACR746's 2024: 67,365 cancelled where the count retires 1,406 and leaves none.
    const none = projectCreditFigures({ ...count, issued: 1_406, retired: 1_406 }, [{ year: 2024, issued_by_vintage: 1_406, remaining_by_vintage: 0 }], [cancelled(2024, 67_365)], [])
    expect(none.disagreements.map((d) => d.kind)).toEqual(['cancellations_before_count'])
    // The 65,959 beyond what it counts, as the other listing's page names them.
    expect(none.disagreements[0].text).toMatch(/where it counts 1,406 of it retired or cancelled and none left: this listing has none of the other 65,959 to take, and the count holds none of them/)
  })

  it("takes what another listing of the same compliance project cancels and its count leaves unplaced, from this listing's count of the vintage", () => {
    // ACR746's 2025: Berkeley counts 43,934 remaining under ACR746; the Reserve's export cancels them under CAR2057,
    // whose count has no 2025, so CAR2057's ledger leaves them unplaced, and ACR746's takes them.
    const car2057Count: CreditCount = { ...berkeley, issued: 67_365, retired: 1_406, remaining: 65_959 }
    const car2057Blocks = [{ year: 2024, issued_by_vintage: 67_365, remaining_by_vintage: 65_959 }]
    const cancelled = (source_id: string, vintage: number, quantity: number) => group({ source_id, kind: 'cancellation', vintage, year: 2025, later: false, quantity, through: '2025-10-27' })
    const unplaced = ledgerOf(car2057Blocks, car2057Count, [cancelled('src_car', 2025, 43_934)]).unplacedBefore
    expect(unplaced).toEqual([{ vintage: 2025, cancelled: 43_934 }])
    const acr746Count: CreditCount = { ...berkeley, issued: 163_668, retired: 43_770, remaining: 119_898 }
    const acr746Blocks = [
      { year: 2022, issued_by_vintage: 42_364, remaining_by_vintage: 0 },
      { year: 2023, issued_by_vintage: 77_370, remaining_by_vintage: 77_370 },
      { year: 2024, issued_by_vintage: 0, remaining_by_vintage: -1_406 },
      { year: 2025, issued_by_vintage: 43_934, remaining_by_vintage: 43_934 },
    ]
    const car2057 = { key: 'CAR2057', registry: 'CAR' as const, complianceId: 'CAMM5746', unplaced: unplaced.map((u) => ({ ...u, listing: 'CAR2057' })) }
    const figures = projectCreditFigures(acr746Count, acr746Blocks, [], [], [], [car2057])
    expect(figures.by_vintage.find((v) => v.vintage === 2025)).toMatchObject({ issued: 43_934, retired: 43_934, remaining: 0 })
    expect([figures.retired.value, figures.remaining.value]).toEqual([43_770 + 43_934, 119_898 - 43_934])
    const taken = figures.disagreements.find((d) => d.kind === 'cancellations_before_count')!
    expect(taken.text).toBe(
      "43,934 of vintage 2025 are taken from what remains here, as no longer for sale: CAR2057 (Climate Action Reserve), this project's other listing (compliance project CAMM5746), has 43,934 of it cancelled on or before Berkeley's count (Dec 31, 2025), and Berkeley counts that vintage under this listing (0 of it retired or cancelled), not under CAR2057. Cancelled credits have most often been converted into a compliance programme's",
    )
    // Without the other listing, nothing is taken: the count's 2025 stays for sale.
    expect(projectCreditFigures(acr746Count, acr746Blocks, [], []).by_vintage.find((v) => v.vintage === 2025)!.remaining).toBe(43_934)
    // The listing whose count holds none names the other.
    const named = projectCreditFigures(car2057Count, car2057Blocks, [cancelled('src_car', 2025, 43_934)], [], [], [{ ...car2057, key: 'ACR746', registry: 'ACR', unplaced: [] }])
    expect(named.disagreements[0].text).toMatch(/this listing has none of them to take\. They are taken there instead: ACR746 \(American Carbon Registry\) is the same compliance project \(CAMM5746\), and they come off its count of the vintage, as far as it holds them$/)
  })

  it("leaves a buffer pool's cancellations out of the project's retired, before the count or after it, and says so", () => {
    // CAR1822: 382,584 issued and remaining as of Berkeley's count; on Mar 27, 2026 the Reserve cancels all of them and,
    // in batches of their own, the compliance buffer's 81,661, which read as retired beyond the issued until December 2026.
    const count: CreditCount = { ...berkeley, issued: 382_584, retired: 0, remaining: 382_584 }
    const blocks = [{ year: 2024, issued_by_vintage: 382_584, remaining_by_vintage: 382_584 }]
    const car = { source_id: 'src_car', kind: 'cancellation' as const, vintage: 2024, through: '2026-03-27' }
    const figures = projectCreditFigures(count, blocks, [group({ ...car, quantity: 382_584, records: 2 }), group({ ...car, buffer: true, quantity: 81_661, records: 2 })], [])
    expect([figures.issued.value, figures.retired.value, figures.remaining.value, figures.buffer_issued]).toEqual([382_584, 382_584, 0, 0])
    expect(figures.retired.text).toMatch(/; Climate Action Reserve's export cancels 81,661 of its buffer pool's credits \(2 records\): the pool's, not the project's, so not counted as retired$/)
    expect(figures.disagreements).toEqual([])
    expect(figures.by_vintage.map((v) => [v.vintage, v.retired, v.remaining])).toEqual([[2024, 382_584, 0]])
    // Dated on or before the count, the buffer's share is not taken from what the count left either (ACR555's 517,310).
    const before = projectCreditFigures(count, blocks, [group({ ...car, later: false, year: 2025, buffer: true, quantity: 81_661, through: '2025-12-26' })], [])
    expect([before.retired.value, before.remaining.value]).toEqual([0, 382_584])
    expect(before.disagreements).toEqual([])
    expect(before.retired.text).toMatch(/cancels 81,661 of its buffer pool's credits \(1 record\)/)
  })

  it('says in a sentence that reads what one export takes of credits of no vintage, and what two take', () => {
    const count: CreditCount = { ...berkeley, issued: 1000, retired: 0, remaining: 1000 }
    const blocks = [{ year: 2020, issued_by_vintage: 1000, remaining_by_vintage: 1000 }]
    const taking = (groups: CreditGroup[]) => projectCreditFigures(count, blocks, groups, []).disagreements.find((d) => d.vintage === null)?.text
    const retired = { kind: 'retirement_or_cancellation' as const, vintage: null, quantity: 25 }
    expect(taking([group(retired)])).toMatch(/^Verra Registry's export retires or cancels 25 credits of no vintage, where Berkeley \(Dec 31, 2025\) leaves 0 of it; it reads −25 until/)
    expect(taking([group(retired), group({ ...retired, source_id: 'src_gold_standard' })])).toMatch(/ and .* retire or cancel 50 credits of no vintage, where/)
  })

  it("keeps what a count's totals hold beyond its own vintages apart, as credits of no vintage, and says so", () => {
    const count: CreditCount = { ...berkeley, issued: 1500, retired: 700, remaining: 800 }
    const blocks = [{ year: 2020, issued_by_vintage: 1000, remaining_by_vintage: 600 }]
    const figures = projectCreditFigures(count, blocks, [], [])
    expect(figures.by_vintage).toEqual([
      { vintage: 2020, issued: 1000, retired: 400, remaining: 600, counted: { issued: 1000, remaining: 600 } },
      { vintage: null, issued: 500, retired: 300, remaining: 200, counted: { issued: 500, remaining: 200 } },
    ])
    expect(figures.disagreements.map((d) => [d.kind, d.figures.map((f) => f.value)])).toEqual([
      ['vintages_differ_from_totals', [1500, 1000]],
      ['vintages_differ_from_totals', [800, 600]],
    ])
  })

  it('says when nothing counts a project and no record names it', () => {
    const figures = projectCreditFigures(null, [], [], [])
    expect(figures.issued).toEqual({ value: 0, counted: null, since: [], text: 'No count and no records of credits issued' })
    expect(figures.by_vintage).toEqual([])
  })

  it("names each of a registry's listed totals its records, up to the listing's day, come to another figure, and no other", () => {
    // ISO7BDE: Isometric's projects export says 3,650.846 retired (as of Apr 14, 2026), its retirements file 1,457.275.
    const iso = { source_id: 'src_isometric', vintage: null, year: 2026, through: '2026-04-09' }
    const groups = [
      group({ ...iso, quantity: 5_000, records: 3 }),
      group({ ...iso, buffer: true, quantity: 100, records: 3 }),
      group({ ...iso, kind: 'retirement', quantity: 1_457.275, records: 19 }),
    ]
    const listed = { source: 'src_isometric', issued: 5_100, buffer: 100, retired: 3_650.846, as_of: '2026-04-14T00:00:00.000Z' }
    const figures = projectCreditFigures(null, [], groups, [], [listed])
    expect(figures.disagreements.map((d) => [d.kind, d.vintage, d.figures.map((f) => f.value)])).toEqual([['listed_totals_differ_from_records', null, [3_650.846, 1_457.275]]])
    expect(figures.disagreements[0].text).toBe(
      "Isometric Registry's projects export says 3,650.85 retired (as of Apr 14, 2026), where its records retire 1,457.28 (19 records, through Apr 9, 2026): the records imported may not reach back to the project's first, and the figures here, which stand on them, read 2,193.57 less retired than it says",
    )
    // Its records retiring more than it says in all (ISO6TMZ's 199 against 3.449) are named the other way.
    const more = projectCreditFigures(null, [], groups, [], [{ ...listed, retired: 3.449 }]).disagreements[0]
    expect(more.text).toMatch(/where its records retire 1,457.28 \(19 records, through Apr 9, 2026\): more than the registry says in all; the figures here stand on the records$/)
    // Each measure apart: issued (buffer included), the buffer, the retired.
    const apart = projectCreditFigures(null, [], groups, [], [{ ...listed, issued: 5_200, buffer: 125, retired: 1_457.275 }]).disagreements
    expect(apart.map((d) => d.figures.map((f) => f.value))).toEqual([
      [5_200, 5_100],
      [125, 100],
    ])
    // With no count, records retiring more than they issue are set against what the records issue (ISO6TMZ).
    const beyond = projectCreditFigures(null, [], [group({ ...iso, quantity: 50.22 }), group({ ...iso, kind: 'retirement', quantity: 199 })], []).disagreements
    expect(beyond.map((d) => d.text)).toEqual([expect.stringMatching(/retires or cancels 199 credits of no vintage, where the records issue 50.22 of it; it reads −148.78 until/)])
    // Totals that agree say nothing; records past the listing's day, which it cannot have counted, are not compared.
    expect(projectCreditFigures(null, [], groups, [], [{ ...listed, retired: 1_457.275 }]).disagreements).toEqual([])
    expect(projectCreditFigures(null, [], groups, [], [{ ...listed, as_of: '2026-04-01T00:00:00.000Z' }]).disagreements).toEqual([])
  })

  it('names a vintage the count itself retires more of than it issues, and keeps it as counted', () => {
    // ACR190, as Berkeley's v2025-12 counts it: 2018 issued 24,535 and −25,682 remaining, 2019 +25,682.
    const count: CreditCount = { ...berkeley, issued: 50_217, retired: 50_217, remaining: 0 }
    const blocks = [
      { year: 2018, issued_by_vintage: 24_535, remaining_by_vintage: -25_682 },
      { year: 2019, issued_by_vintage: 25_682, remaining_by_vintage: 25_682 },
    ]
    const figures = projectCreditFigures(count, blocks, [], [])
    expect(figures.by_vintage.map((v) => [v.vintage, v.remaining])).toEqual([
      [2018, -25_682],
      [2019, 25_682],
    ])
    expect(figures.disagreements.map((d) => [d.kind, d.vintage, d.figures.map((f) => f.value)])).toEqual([['count_vintage_below_zero', 2018, [24_535, 50_217]]])
    expect(figures.disagreements[0].text).toBe(
      'Berkeley (Dec 31, 2025) counts 50,217 of vintage 2018 retired or cancelled, more than the 24,535 it counts issued of it: −25,682 remaining, kept as it counts it, so the vintages still add up to its totals',
    )
  })
})
