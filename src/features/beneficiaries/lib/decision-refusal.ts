import { ApiError } from '../../../api/client'
import { describeError } from '../../../api/error-message'

/** Why a decision was not made, in words for the field it concerns: the API's own message for the field, else the error's. */
export const decisionRefusal = (error: unknown) => (error instanceof ApiError ? (error.fieldErrors[0]?.message ?? describeError(error).detail) : describeError(error).detail)
