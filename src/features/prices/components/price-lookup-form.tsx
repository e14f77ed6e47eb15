import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '../../../components/field'
import { firstFew, readTypedKeys, repeatedKeyText, type RepeatedKey } from '../../../api/typed-keys'
import { maxLookupKeys, priceLookupSchema, type PriceLookupForm as FormValues } from '../lib/price-lookup-schema'

interface PriceLookupFormProps {
  /** The keys the URL holds now. */
  keys: readonly string[]
  onLookup: (keys: string[]) => void
  /** A lookup the form refused, its reason beside the keys. */
  onRefused: () => void
}

/** What the form says of a lookup before one is made from the text in the box: nothing. */
const noLookup = { keys: '', repeated: [] as readonly RepeatedKey[], header: null as string | null }

export function PriceLookupForm({ keys, onLookup, onRefused }: PriceLookupFormProps) {
  const form = useForm<FormValues>({
    resolver: zodResolver(priceLookupSchema),
    defaultValues: { keys: keys.join('\n') },
  })
  const { errors } = form.formState
  // A pasted column often names a project twice: it is looked up once, and the form says which, so the count of
  // keys under Prices does not read as rows lost. Said only while the lookup it was for is the one shown, and until
  // the text it was read from is edited: cleared and submitted, the box kept the last lookup's "Given more than once"
  // under the error that it is empty.
  const [lastLookup, setLastLookup] = useState(noLookup)

  // Back and forward change the keys under the form; show them, unless the text already says the same. Keys a link
  // gave beyond what one lookup takes are checked at once, so the reason nothing was looked up stands beside them.
  const urlKeys = keys.join(',')
  const { repeated } = lastLookup
  useEffect(() => {
    if (readTypedKeys(form.getValues('keys')).keys.join(',') !== urlKeys) {
      form.reset({ keys: urlKeys.split(',').filter(Boolean).join('\n') })
    }
    if (keys.length > maxLookupKeys) void form.trigger('keys')
  }, [urlKeys, keys.length, form])

  return (
    <form
      className="price-lookup-form"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const typed = readTypedKeys(values.keys)
        setLastLookup({ keys: typed.keys.join(','), repeated: typed.repeated, header: typed.header })
        onLookup(typed.keys)
      }, onRefused)}
    >
      <Field
        label="Project keys"
        hint={`Separate keys with commas, semicolons, spaces or new lines; a column pasted from a spreadsheet works. Up to ${maxLookupKeys.toLocaleString('en-US')} keys.`}
        error={errors.keys?.message}
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register('keys', { onChange: () => setLastLookup(noLookup) })}
            rows={6}
            spellCheck={false}
            autoCapitalize="characters"
            className="price-keys"
          />
        )}
      </Field>
      {lastLookup.keys === urlKeys && lastLookup.header !== null && (
        <p className="muted price-keys-header">“{lastLookup.header}” was read as the column’s header, not a key.</p>
      )}
      {lastLookup.keys === urlKeys && repeated.length > 0 && (
        <p className="muted price-keys-repeated">
          Given more than once, looked up once: {firstFew(repeated, repeatedKeyText)}.
        </p>
      )}
      <div className="price-lookup-actions">
        <button type="submit">Look up prices</button>
      </div>
    </form>
  )
}
