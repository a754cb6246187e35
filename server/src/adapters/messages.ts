/** Localised texts of the mails and SMS the server sends. */
import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';

type CodeText = { subject: string; body: (code: string, minutes: number) => string };

const codeMessage: Record<TLanguage, CodeText> = {
  'zh-CN': {
    subject: '您的验证码',
    body: (c, m) => `您的验证码是 ${c}，${m} 分钟内有效。如非本人操作，请忽略此消息。`,
  },
  'zh-TW': {
    subject: '您的驗證碼',
    body: (c, m) => `您的驗證碼是 ${c}，${m} 分鐘內有效。如非本人操作，請忽略此訊息。`,
  },
  en: {
    subject: 'Your verification code',
    body: (c, m) =>
      `Your verification code is ${c}. It is valid for ${m} minutes. If you did not ask for it, ignore this message.`,
  },
  // French uses the English text (SPEC §1).
  fr: {
    subject: 'Your verification code',
    body: (c, m) =>
      `Your verification code is ${c}. It is valid for ${m} minutes. If you did not ask for it, ignore this message.`,
  },
  ko: {
    subject: '인증 코드',
    body: (c, m) => `인증 코드는 ${c}입니다. ${m}분 동안 유효합니다. 요청하지 않았다면 이 메시지를 무시하세요.`,
  },
  de: {
    subject: 'Ihr Bestätigungscode',
    body: (c, m) =>
      `Ihr Bestätigungscode lautet ${c}. Er ist ${m} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.`,
  },
  it: {
    subject: 'Il tuo codice di verifica',
    body: (c, m) =>
      `Il tuo codice di verifica è ${c}. È valido per ${m} minuti. Se non l'hai richiesto, ignora questo messaggio.`,
  },
  es: {
    subject: 'Tu código de verificación',
    body: (c, m) =>
      `Tu código de verificación es ${c}. Es válido durante ${m} minutos. Si no lo has solicitado, ignora este mensaje.`,
  },
  hu: {
    subject: 'Az Ön ellenőrző kódja',
    body: (c, m) =>
      `Az ellenőrző kódja: ${c}. ${m} percig érvényes. Ha nem Ön kérte, hagyja figyelmen kívül ezt az üzenetet.`,
  },
};

export function messageLanguage(language: string | undefined, fallback: TLanguage): TLanguage {
  if (!language) return fallback;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === language.toLowerCase());
  if (exact) return exact;
  const base = language.split('-')[0]?.toLowerCase();
  if (base === 'zh') return /tw|hk|hant/i.test(language) ? 'zh-TW' : 'zh-CN';
  return LANGUAGES.find((l) => l === base) ?? fallback;
}

export function codeMessageText(language: TLanguage, code: string, minutes: number) {
  const t = codeMessage[language];
  return { subject: t.subject, text: t.body(code, minutes) };
}
