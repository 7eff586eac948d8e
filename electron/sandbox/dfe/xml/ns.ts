// The portal fiscal namespaces of the documents the sandbox writes.
export const CTE_NS = 'http://www.portalfiscal.inf.br/cte';
export const DCE_NS = 'http://www.portalfiscal.inf.br/dce';
