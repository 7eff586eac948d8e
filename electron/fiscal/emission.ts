// The emission-date window the authority accepts for dhEmi (CT-e, CT-e OS, DC-e and MDF-e): MOC
// CT-e 4.00 Anexo I, rules G102 ("A SEFAZ deve tolerar uma diferença máxima de 5 minutos", → 212)
// and G103 ("atraso superior a 168 horas", → 228), in force with the layout 4.00 in produção since
// 26/06/2023 (the date sefaz-codes.ts gives the manual); the MOC MDF-e 3.00 (13/10/2016) states the
// same 5 minutes. The form warns with it and the sandbox's authority refuses with it.

/** dhEmi may run this far ahead of the authority's clock (G102). */
export const DH_EMI_AHEAD_MS = 5 * 60_000;
/** dhEmi may lag the authority's clock by at most 168 hours (G103). */
export const DH_EMI_BEHIND_HOURS = 168;
export const DH_EMI_BEHIND_MS = DH_EMI_BEHIND_HOURS * 3_600_000;

/** 212 when dhEmi is past the tolerance ahead, 228 when it is too old, null when within the window. */
export function dhEmiOutOfWindow(emittedAt: Date, now: Date): 212 | 228 | null {
  if (emittedAt.getTime() > now.getTime() + DH_EMI_AHEAD_MS) return 212;
  if (emittedAt.getTime() < now.getTime() - DH_EMI_BEHIND_MS) return 228;
  return null;
}
