import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import { maxFileBytes } from '../../src/api/contract/files'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { tempDataDir } from '../support/api-server'
import { renderApp } from './render-app'

/**
 * The import control, against the real API with the sandbox key: its uploads and runs change nothing anyone
 * else sees, so these tests leave the shared catalogue as the other suites expect it.
 */
beforeAll(() => setApiBaseUrl(inject('sandboxProxyUrl')))
afterAll(() => setApiBaseUrl(inject('proxyUrl')))

const vrodCsv = async () => {
  const path = await writeVrodCsvFixture(tempDataDir())
  return new File([await readFile(path)], 'vrod-fixture.csv', { type: 'text/csv' })
}

async function openImport() {
  const view = renderApp('/sources')
  const form = await screen.findByRole('form', { name: 'Import a file' })
  return { ...view, form }
}

describe('importing a file on the sources page', () => {
  it('is done from the keyboard alone: a labelled picker, the optional date, then Import; the run is followed', async () => {
    const { user, form, router } = await openImport()
    const picker = within(form).getByLabelText('File to import')
    expect(picker).toHaveAttribute('type', 'file')
    expect(picker).toHaveAccessibleDescription(/Drop the file here, or choose it/)

    picker.focus()
    // The browser's own picker opens on Enter or Space; choosing in it is what upload() stands for.
    await user.upload(picker, await vrodCsv())
    expect(within(form).getByText(/Chosen:/)).toHaveTextContent('Chosen: vrod-fixture.csv')
    await user.tab()
    const asOf = within(form).getByLabelText('Data as of (optional)')
    expect(asOf).toHaveFocus()
    await user.type(asOf, '2025-12-31')
    await user.tab()
    expect(within(form).getByRole('button', { name: 'Import' })).toHaveFocus()
    await user.keyboard('{Enter}')

    await waitFor(() => expect(router.state.location.search).toMatch(/run=run_/), { timeout: 20_000 })
    const runId = new URLSearchParams(router.state.location.search).get('run')!
    const followed = await screen.findByRole('region', { name: new RegExp(runId) })
    await within(followed).findByText(/Succeeded|Failed/, {}, { timeout: 30_000 })
    expect(within(followed).getByText('Succeeded')).toBeInTheDocument()
    // Done: the form lets the file go, so the next import is a new one.
    expect(within(form).queryByText(/Chosen:/)).not.toBeInTheDocument()
  })

  it('asks for a file next to the picker when none is chosen', async () => {
    const { user, form } = await openImport()
    await user.click(within(form).getByRole('button', { name: 'Import' }))
    const picker = within(form).getByLabelText('File to import')
    expect(picker).toHaveAttribute('aria-invalid', 'true')
    expect(picker).toHaveAccessibleDescription(/Choose the file to import\./)
    // The keyboard is taken to the picker, where the message is read out, not left on the button.
    expect(picker).toHaveFocus()
  })

  it('keeps the chosen file when it is refused for its size, saying so next to the picker', async () => {
    const { user, form } = await openImport()
    const picker = within(form).getByLabelText('File to import')
    await user.upload(picker, new File([new Uint8Array(maxFileBytes + 1)], 'too-big.parquet'))
    await user.click(within(form).getByRole('button', { name: 'Import' }))
    expect(picker).toHaveAttribute('aria-invalid', 'true')
    expect(picker).toHaveAccessibleDescription(/too-big\.parquet is 67,108,865 bytes, more than the 64 MB \(67,108,864 bytes\) the API takes\./)
    expect(within(form).getByText(/Chosen:/)).toHaveTextContent('too-big.parquet')
  })

  it('refuses a file of another kind (dropped, as the picker offers none) next to the picker, before uploading it, and keeps it chosen', async () => {
    const { user, form } = await openImport()
    const picker = within(form).getByLabelText('File to import')
    // Dropped on the zone the picker's filter does not apply: the form's own check must.
    await userEvent.setup({ applyAccept: false }).upload(picker, new File(['\x89PNG'], 'picture.png', { type: 'image/png' }))
    await user.click(within(form).getByRole('button', { name: 'Import' }))
    expect(picker).toHaveAttribute('aria-invalid', 'true')
    expect(picker).toHaveAccessibleDescription(/picture\.png is not a file this import reads: choose a \.xlsx, \.parquet or \.csv file\./)
    expect(within(form).getByText(/Chosen:/)).toHaveTextContent('picture.png')
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('keeps the chosen file and the date when the upload cannot reach the API, and imports them on the next try', async () => {
    const { user, form, router } = await openImport()
    await user.upload(within(form).getByLabelText('File to import'), await vrodCsv())
    await user.type(within(form).getByLabelText('Data as of (optional)'), '2025-12-31')
    setApiBaseUrl('http://127.0.0.1:9')
    try {
      await user.click(within(form).getByRole('button', { name: 'Import' }))
      const alert = await within(form).findByRole('alert')
      expect(alert).toHaveTextContent(/Cannot reach the Credence API.*the file is still chosen/)
    } finally {
      setApiBaseUrl(inject('sandboxProxyUrl'))
    }
    expect(within(form).getByText(/Chosen:/)).toHaveTextContent('vrod-fixture.csv')
    expect(within(form).getByLabelText('Data as of (optional)')).toHaveValue('2025-12-31')

    await user.click(within(form).getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(router.state.location.search).toMatch(/run=run_/), { timeout: 20_000 })
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
  })
})
