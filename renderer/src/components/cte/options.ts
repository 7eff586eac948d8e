// Option lists shared by the issuing forms' selects.
import { UFS } from '@shared/fiscal';

/** The 27 UFs as "SP — São Paulo". */
export const UF_OPTIONS = UFS.map((u) => ({ label: `${u.sigla} — ${u.name}`, value: u.sigla }));

/** Who takes the service (toma3/toma4 of the CT-e). */
export const TOMA_OPTIONS = [
  { label: 'Remetente', value: 0 },
  { label: 'Expedidor', value: 1 },
  { label: 'Recebedor', value: 2 },
  { label: 'Destinatário', value: 3 },
  { label: 'Outros', value: 4 },
];

/** tpServ of the CT-e; the simplified CT-e takes the first three. */
export const CTE_TP_SERV_OPTIONS = [
  { label: 'Normal', value: 0 },
  { label: 'Subcontratação', value: 1 },
  { label: 'Redespacho', value: 2 },
  { label: 'Redespacho intermediário', value: 3 },
  { label: 'Serviço vinculado a multimodal', value: 4 },
];
