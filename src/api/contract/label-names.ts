/**
 * Certification labels as registries write them; `CCP` and `CORSIA` are the ones buyers filter by. Both CORSIA
 * phases with the en dash: Berkeley's file writes the pilot phase with one and the first phase with a hyphen, and the
 * Projects page's label filter listed the two phases in two spellings (migration 037 rewrote stores).
 */
export const labelNames = {
  ccp: 'ICVCM CCP-Approved',
  ccbGold: 'CCB-Gold',
  ccbBiodiversity: 'CCB-Biodiversity Gold',
  ccbCommunity: 'CCB-Community Gold',
  ccbClimate: 'CCB-Climate Gold',
  socialCarbon: 'Social Carbon',
  corsiaPilot: 'CORSIA – Pilot Phase, 2021-2023 Eligible',
  corsiaFirst: 'CORSIA – First Phase, 2024-2026 Scope',
  article6: 'Article 6 Authorized – NDC Use',
} as const
