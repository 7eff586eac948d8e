/**
 * Preset dictionary v1 for raw deflate of fiscal XML (codec 'deflate-d1'). A CT-e is a few KB,
 * too short for deflate to learn its own tags before it ends; primed with the tags and fixed
 * texts every CT-e, CT-e OS and DC-e repeats, it keeps about 0.28 of the bytes instead of 0.46.
 *
 * NEVER edit this text: stored files need exactly these bytes to inflate. A better dictionary is
 * a new constant and a new codec name ('deflate-d2'), with this one kept for old rows.
 */
const tags = (names: string) =>
  names
    .split(' ')
    .map((name) => `<${name}></${name}>`)
    .join('');

export const XML_DICTIONARY_V1 = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>' +
    '<dceProc xmlns="http://www.portalfiscal.inf.br/dce" versao="1.00"><DCe><infDCe versao="1.00" Id="DCe">' +
    tags(
      'nDC tpEmit nSiteAutoriz cNF vDC vProd xProd NCM qCom vUnCom infCpl infAdFisco modTrans CNPJTransp',
    ) +
    '</infDCe></DCe><protDCe versao="1.00"></protDCe></dceProc>' +
    '<cteOSProc xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00"><CTeOS versao="4.00"><infCte versao="4.00" Id="CTe">' +
    tags(
      'infServico xDescServ infQ qCarga seg respSeg xSeg nApol infCTeNorm infModal rodoOS TAF NroRegEstadual veic placa RENAVAM prop',
    ) +
    '</infCte></CTeOS></cteOSProc>' +
    '<procEventoCTe xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00"><eventoCTe versao="4.00"><infEvento Id="ID">' +
    tags('cOrgao tpAmb CNPJ chCTe dhEvento tpEvento nSeqEvento detEvento') +
    '<evCancCTe><descEvento>Cancelamento</descEvento><nProt></nProt><xJust></xJust></evCancCTe>' +
    '<evCCeCTe><descEvento>Carta de Correcao</descEvento><infCorrecao><grupoAlterado></grupoAlterado><campoAlterado></campoAlterado>' +
    '<valorAlterado></valorAlterado><nroItemAlterado></nroItemAlterado></infCorrecao><xCondUso>A Carta de Correcao e disciplinada pelo Art. 58-B do CONVENIO/SINIEF 06/89: Fica permitida a utilizacao de carta de correcao, para regularizacao de erro ocorrido na emissao de documentos fiscais relativos a prestacao de servico de transporte, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da prestacao;II - a correcao de dados cadastrais que implique mudanca do emitente, tomador, remetente ou do destinatario;III - a data de emissao ou de saida.</xCondUso></evCCeCTe>' +
    '</infEvento></eventoCTe><retEventoCTe versao="4.00"><infEvento>' +
    tags('verAplic cStat xMotivo dhRegEvento nProt') +
    '<xMotivo>Evento registrado e vinculado a CT-e</xMotivo></infEvento></retEventoCTe></procEventoCTe>' +
    '<cteProc xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00"><CTe xmlns="http://www.portalfiscal.inf.br/cte"><infCte versao="4.00" Id="CTe">' +
    '<ide><cUF>41</cUF><cCT></cCT><CFOP>6352</CFOP><natOp>PRESTACAO DE SERVICO DE TRANSPORTE</natOp><mod>57</mod><serie>1</serie><nCT></nCT>' +
    '<dhEmi>T:00-03:00</dhEmi><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV></cDV><tpAmb>2</tpAmb><tpCTe>0</tpCTe><procEmi>0</procEmi><verProc></verProc>' +
    '<cMunEnv></cMunEnv><xMunEnv></xMunEnv><UFEnv></UFEnv><modal>01</modal><tpServ>0</tpServ><cMunIni></cMunIni><xMunIni></xMunIni><UFIni></UFIni>' +
    '<cMunFim></cMunFim><xMunFim></xMunFim><UFFim></UFFim><retira>1</retira><indIEToma>1</indIEToma><toma3><toma>0</toma></toma3>' +
    '<toma4><toma>4</toma></toma4></ide><compl><xCaracAd></xCaracAd><xCaracSer></xCaracSer><xEmi></xEmi><fluxo><xOrig></xOrig></fluxo><Entrega>' +
    '<semData><tpPer>0</tpPer></semData><semHora><tpHor>0</tpHor></semHora></Entrega><xObs></xObs><ObsCont xCampo=""><xTexto></xTexto></ObsCont></compl>' +
    '<emit><CNPJ></CNPJ><IE></IE><xNome></xNome><xFant></xFant><enderEmit><xLgr></xLgr><nro></nro><xCpl></xCpl><xBairro></xBairro><cMun></cMun><xMun></xMun>' +
    '<CEP></CEP><UF></UF><fone></fone></enderEmit><CRT>3</CRT></emit>' +
    '<exped><CNPJ></CNPJ><IE></IE><xNome></xNome><enderExped></enderExped></exped><receb><CNPJ></CNPJ><IE></IE><xNome></xNome><enderReceb></enderReceb></receb>' +
    '<rem><CNPJ></CNPJ><CPF></CPF><IE></IE><xNome></xNome><xFant></xFant><fone></fone><enderReme><xLgr></xLgr><nro></nro><xBairro>Centro</xBairro><cMun></cMun>' +
    '<xMun></xMun><CEP></CEP><UF></UF><cPais>1058</cPais><xPais>BRASIL</xPais></enderReme><email></email></rem>' +
    '<dest><CNPJ></CNPJ><IE></IE><xNome></xNome><fone></fone><enderDest><xLgr></xLgr><nro></nro><xBairro>Centro</xBairro><cMun></cMun><xMun></xMun>' +
    '<CEP></CEP><UF></UF><cPais>1058</cPais><xPais>BRASIL</xPais></enderDest></dest>' +
    '<vPrest><vTPrest>.00</vTPrest><vRec>.00</vRec><Comp><xNome>FRETE PESO</xNome><vComp></vComp></Comp><Comp><xNome>PEDAGIO</xNome><vComp></vComp></Comp></vPrest>' +
    '<imp><ICMS><ICMS00><CST>00</CST><vBC></vBC><pICMS>12.00</pICMS><vICMS></vICMS></ICMS00><ICMS20><CST>20</CST><pRedBC></pRedBC></ICMS20>' +
    '<ICMS45><CST>40</CST></ICMS45><ICMSSN><CST>90</CST><indSN>1</indSN></ICMSSN></ICMS><vTotTrib></vTotTrib><infAdFisco></infAdFisco>' +
    '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC></vBC><gIBSUF><pIBSUF></pIBSUF><vIBSUF></vIBSUF></gIBSUF><gIBSMun><pIBSMun></pIBSMun>' +
    '<vIBSMun></vIBSMun></gIBSMun><vIBS></vIBS><gCBS><pCBS></pCBS><vCBS></vCBS></gCBS></gIBSCBS></IBSCBS><vTotDFe></vTotDFe></imp>' +
    '<infCTeNorm><infCarga><vCarga></vCarga><proPred></proPred><xOutCat></xOutCat><infQ><cUnid>01</cUnid><tpMed>PESO BRUTO</tpMed><qCarga>.0000</qCarga></infQ>' +
    '<infQ><cUnid>03</cUnid><tpMed>UNIDADE</tpMed><qCarga>.0000</qCarga></infQ></infCarga><infDoc><infNF><nRoma></nRoma><nPed></nPed><mod>01</mod><serie></serie>' +
    '<nDoc></nDoc><dEmi></dEmi><vBC></vBC><vICMS></vICMS><vBCST></vBCST><vST></vST><vProd></vProd><vNF></vNF><nCFOP></nCFOP><nPeso></nPeso></infNF>' +
    '<infNFe><chave></chave></infNFe><infNFe><chave></chave></infNFe><infOutros><tpDoc>99</tpDoc><descOutros></descOutros></infOutros></infDoc>' +
    '<infModal versaoModal="4.00"><rodo><RNTRC></RNTRC></rodo></infModal></infCTeNorm>' +
    '<autXML><CNPJ></CNPJ></autXML><infRespTec><CNPJ></CNPJ><xContato></xContato><email></email><fone></fone></infRespTec></infCte>' +
    '<infCTeSupl><qrCodCTe>https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe=&amp;tpAmb=2</qrCodCTe></infCTeSupl>' +
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI="#CTe"><Transforms>' +
    '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>' +
    '<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/><DigestValue></DigestValue></Reference></SignedInfo><SignatureValue></SignatureValue>' +
    '<KeyInfo><X509Data><X509Certificate></X509Certificate></X509Data></KeyInfo></Signature></CTe>' +
    '<protCTe versao="4.00"><infProt Id="CTe"><tpAmb>2</tpAmb><verAplic></verAplic><chCTe></chCTe><dhRecbto>T:-03:00</dhRecbto><nProt></nProt>' +
    '<digVal></digVal><cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteProc>',
  'utf8',
);

/**
 * Preset dictionary v1 for the API's document records (documents.api_record): the keys and the
 * usual values of a `Dfe`, which halves records of ~300 deflated bytes. NEVER edit (see above).
 */
export const RECORD_DICTIONARY_V1 = Buffer.from(
  '{"id":"","ambiente":"homologacao","ambiente":"producao","created_at":"T:00.000Z","status":"autorizado",' +
    '"status":"cancelado","referencia":"","data_emissao":"T:00-03:00","modelo":57,"serie":1,"numero":,' +
    '"tipo_emissao":1,"valor_total":,"chave":"","autorizacao":{"id":"","ambiente":"homologacao","status":"registrado",' +
    '"autor":{"cpf_cnpj":""},"chave_acesso":"","data_evento":"","numero_sequencial":1,"data_recebimento":"T:00-03:00",' +
    '"codigo_status":100,"motivo_status":"Autorizado o uso do CT-e","numero_protocolo":"","codigo_mensagem":null,' +
    '"mensagem":null,"tipo_evento":"autorizacao","justificativa":null}}',
  'utf8',
);
