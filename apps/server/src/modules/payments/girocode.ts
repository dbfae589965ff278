import QRCode from 'qrcode';

/** What a transfer's EPC QR code carries. */
export interface TransferRequest {
  /** Beneficiary's name, at most 70 characters. */
  recipient: string;
  /** IBAN without spaces. */
  iban: string;
  /** BIC, optional within the EEA (version 002). */
  bic: string | null;
  /** Amount in integer cents, 1 to 99,999,999,999. */
  amountCents: number;
  /** Unstructured remittance information, at most 140 characters. */
  reference: string;
}

/**
 * The payload of an EPC QR code ('GiroCode', EPC069-12 version 002, UTF-8, SEPA credit
 * transfer): twelve lines, the amount as 'EUR' and a decimal point, the reference as unstructured
 * remittance text. Banking apps fill a transfer from it.
 */
export function epcPayload(request: TransferRequest): string {
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    request.bic ?? '',
    request.recipient.slice(0, 70),
    request.iban,
    `EUR${(request.amountCents / 100).toFixed(2)}`,
    '',
    '',
    request.reference.slice(0, 140),
    '',
  ].join('\n');
}

/** The EPC QR code as PNG bytes (error correction M, as EPC069-12 asks). */
export function girocodePng(request: TransferRequest): Promise<Buffer> {
  return QRCode.toBuffer(epcPayload(request), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** The EPC QR code as a PNG data URL, for the page of an unpaid order. */
export function girocodeDataUrl(request: TransferRequest): Promise<string> {
  return QRCode.toDataURL(epcPayload(request), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
