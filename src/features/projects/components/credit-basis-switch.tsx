import { creditBases, creditBasisNames, type CreditBasis } from '../../../api/credit-series'

interface CreditBasisSwitchProps {
  basis: CreditBasis
  onChange: (basis: CreditBasis) => void
}

/** Which year a credit is counted in: when it was issued or retired, or its vintage. */
export function CreditBasisSwitch({ basis, onChange }: CreditBasisSwitchProps) {
  return (
    <fieldset className="credit-basis">
      <legend>Count credits by</legend>
      {creditBases.map((option) => (
        <label key={option} className="credit-basis-option">
          <input
            type="radio"
            name="credit-basis"
            value={option}
            checked={basis === option}
            onChange={() => onChange(option)}
          />
          {creditBasisNames[option]}
        </label>
      ))}
    </fieldset>
  )
}
