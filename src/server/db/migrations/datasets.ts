/**
 * The datasets as the migrations knew them. Migrations are frozen: a replay years from now must do what it did
 * the day it shipped, so they read nothing from live code, not even the schema's list.
 */
export const datasets = ['live', 'sandbox'] as const
