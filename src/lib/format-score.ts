/**
 * A quality score out of 100 to its tenth, as the shortlist's reasons write it (`reasons.ts`): 78 reads "78.0", not "78"
 * beside a reason's "78.0 of 100". Apart from format.ts, which the home route's first script carries, and no page of
 * which shows a score.
 */
export const formatScore = (score: number) => score.toFixed(1)
