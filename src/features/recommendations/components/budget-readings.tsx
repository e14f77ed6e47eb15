import { moneyText, type MoneyReading } from '../lib/money-readings'

/**
 * Beside a budget that reads two ways, one button per reading: the buyer chooses, the form never guesses. What
 * they typed stays in the field until they do.
 */
export function BudgetReadings({ reading, onChoose }: { reading: MoneyReading | null; onChoose: (text: string) => void }) {
  if (reading?.kind !== 'two-ways') return null
  return (
    <div className="budget-readings" role="group" aria-label="Which budget do you mean?">
      {reading.readings.map((value) => (
        <button key={value} type="button" onClick={() => onChoose(moneyText(value))}>
          Use {moneyText(value)}
        </button>
      ))}
    </div>
  )
}
