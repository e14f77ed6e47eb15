import type { QualityGrade as Grade } from '../api/contract/common'
import { formatScore } from '../lib/format-score'
import './badges.css'

interface QualityGradeProps {
  grade: Grade | null
  score: number | null
}

/** Grade and composite score together; a project no source has assessed says so instead of showing zero. */
export function QualityGrade({ grade, score }: QualityGradeProps) {
  if (grade === null || score === null) return <span className="muted">Not rated</span>
  return (
    <span className="quality-grade">
      <span className={`grade grade-${grade.charAt(0)}`}>{grade}</span>
      <span className="quality-score">{formatScore(score)}</span>
    </span>
  )
}
