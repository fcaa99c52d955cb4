/**
 * A WhatsApp chat link for a phone number as people write it ("+49 40 0000 0000"): wa.me
 * wants the international number as digits only, without "+", spaces or a leading "00".
 */
export function whatsappLink(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  return `https://wa.me/${digits}`;
}
