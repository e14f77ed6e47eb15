/**
 * Why an imported file was refused, by kind of file; each message says what was wrong, for the run's error. Kept
 * apart from the readers so the parsing worker tells them apart without loading every reader's libraries.
 */

/** A file that is not Berkeley's projects table (or not readable as one). */
export class VrodFileError extends Error {}

/** A file that is not a registry export Credence can read. */
export class RegistryFileError extends Error {}

/** A file that is not a quotes file; the message names the columns expected. */
export class QuotesFileError extends Error {}
