import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { CreditRecord } from '../../src/api/contract/credits'
import { CreditsTable } from '../../src/features/credits/components/credits-table'

const links = { project: (key: string) => `/projects/${key}`, sources: () => '/sources', beneficiary: (name: string) => `/beneficiaries/${name}` }

const issuance = (id: string, stated: number | null): CreditRecord => ({
  id,
  object: 'credit',
  project_key: 'VCS1340',
  registry: 'VCS',
  kind: 'issuance',
  quantity: 425,
  vintage: 2020,
  stated_vintage_total: stated,
  date: '2026-04-03',
  serial: `${id}-1-425`,
  labels: [],
  beneficiary: null,
  beneficiary_why: null,
  beneficiary_raw: {},
  reason: null,
  source: { id: 'src_verra', file: 'transactions.csv', row: 1, run_id: 'run_1' },
})

describe('a page of credit records', () => {
  it("shows beside an issuance's vintage the total its export states for it, and nothing where it states none", () => {
    render(
      <MemoryRouter>
        <CreditsTable records={[issuance('VCS:issuance:19385', 1_454_054), issuance('VCS:issuance:2', null)]} links={links} caption="Records" />
      </MemoryRouter>,
    )
    const [, stated, plain] = screen.getAllByRole('row')
    expect(within(stated).getAllByRole('cell')[4]).toHaveTextContent(/^2020stated total 1,454,054$/)
    expect(within(plain).getAllByRole('cell')[4]).toHaveTextContent(/^2020$/)
  })

  it('names the file a record came from with its registry: four registries each export an issuances.csv', () => {
    render(
      <MemoryRouter>
        <CreditsTable records={[{ ...issuance('ACR:issuance:1', null), registry: 'ACR', source: { id: 'src_acr', file: 'issuances.csv', row: 1, run_id: 'run_1' } }]} links={links} caption="Records" />
      </MemoryRouter>,
    )
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[6]).toHaveTextContent(/^issuances\.csv of American Carbon Registry, row 1$/)
  })
})

describe('the labels of a record', () => {
  // "Issuance Buffer pool": the label ran on after the kind, aloud and copied, and read as a kind of issuance.
  it('stand under its kind as a list of their own, so a buffer batch does not read as any issuance', () => {
    render(
      <MemoryRouter>
        <CreditsTable
          records={[{ ...issuance('CCB:issuance:CDC_2_BF', null), labels: ['Buffer pool', 'CORSIA First Phase'] }, issuance('VCS:issuance:2', null)]}
          links={links}
          caption="Records"
        />
      </MemoryRouter>,
    )
    const [, buffer, plain] = screen.getAllByRole('row')
    const kind = within(buffer).getAllByRole('cell')[2]
    expect(kind).toHaveTextContent(/^Issuance; labels: Buffer pool; CORSIA First Phase$/)
    const labels = within(within(kind).getByRole('list')).getAllByRole('listitem')
    expect(labels).toHaveLength(2)
    expect(labels[0]).toHaveTextContent(/^Buffer pool;$/)
    expect(labels[1]).toHaveTextContent(/^CORSIA First Phase$/)
    expect(within(plain).getAllByRole('cell')[2]).toHaveTextContent(/^Issuance$/)
  })
})

describe('whom a page of credit records says they were retired for', () => {
  const record = (kind: CreditRecord['kind'], beneficiary: string | null, raw: Record<string, string> = {}): CreditRecord => ({
    ...issuance(`GS:${kind}:1`, null),
    registry: 'GS',
    project_key: 'GS12875',
    kind,
    beneficiary,
    beneficiary_raw: raw,
  })

  // Gold Standard's cancellations read "Not named" under "Retired for", as if the registry had withheld a name.
  it('names no one for a cancellation, keeps what the registry wrote, and says "Not named" only of a retirement', () => {
    render(
      <MemoryRouter>
        <CreditsTable
          records={[record('cancellation', null, { Note: 'Cancelled for a correction' }), record('cancellation', null), record('retirement', null), record('retirement_or_cancellation', 'Microsoft')]}
          links={links}
          caption="Records"
        />
      </MemoryRouter>,
    )
    const [noted, cancelled, unnamed, named] = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[5])
    expect(noted).toHaveTextContent(/^—As the registry wrote itNoteCancelled for a correction$/)
    expect(cancelled).toHaveTextContent(/^—$/)
    expect(unnamed).toHaveTextContent(/^Not named$/)
    expect(within(named).getByRole('link', { name: 'Microsoft' })).toHaveAttribute('href', '/beneficiaries/Microsoft')
  })
})
