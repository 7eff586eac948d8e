/** Colour of a "situação cadastral": only an active company is green. */
export function situacaoSeverity(situacao: string | null | undefined): 'success' | 'danger' | 'secondary' {
  if (!situacao) return 'secondary';
  return /^ativa$/i.test(situacao.trim()) ? 'success' : 'danger';
}
