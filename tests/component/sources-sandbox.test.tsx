import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import { renderApp } from './render-app'

/** What a run could change in the catalog; ages are left out, as they move with the clock between two reads. */
const sandboxSources = async () =>
  (
    (await (await fetch(`${inject('sandboxProxyUrl')}/api/sources`)).json()) as {
      data: { id: string; last_success_at: string | null; last_run: unknown; state: string }[]
    }
  ).data.map(({ id, last_success_at, last_run, state }) => ({ id, last_success_at, last_run, state }))

beforeAll(() => setApiBaseUrl(inject('sandboxProxyUrl')))
afterAll(() => setApiBaseUrl(inject('proxyUrl')))

describe('runs with the sandbox key', () => {
  it('are shown as simulated and change nothing', async () => {
    const user = userEvent.setup()
    const before = await sandboxSources()
    const { router } = renderApp('/sources')
    await screen.findByRole('table', { name: /Source catalog/ })
    expect(await screen.findByText(/With the sandbox key a run is simulated/)).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Source'), 'src_ratings')
    await user.type(screen.getByLabelText(/Project keys/), 'NOPE1')
    await user.click(screen.getByRole('button', { name: 'Start run' }))
    await screen.findByText(/Simulated run:/)
    const runId = new URLSearchParams(router.state.location.search).get('run')!
    const followed = screen.getByRole('region', { name: new RegExp(runId) })
    expect(within(followed).getByText('Simulated')).toBeInTheDocument()
    await within(followed).findByText('Succeeded', {}, { timeout: 20_000 })
    expect(await sandboxSources()).toEqual(before)
  })
})
