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

const registerNotice: Record<TLanguage, { subject: string; text: string }> = {
  'zh-CN': {
    subject: '有人尝试用您的地址注册',
    text: '有人尝试使用此地址注册新账号，但该地址已注册。如果是您本人，请直接登录或找回密码；否则请忽略此消息。',
  },
  'zh-TW': {
    subject: '有人嘗試用您的地址註冊',
    text: '有人嘗試使用此地址註冊新帳號，但該地址已註冊。如果是您本人，請直接登入或找回密碼；否則請忽略此訊息。',
  },
  en: {
    subject: 'Someone tried to register with your address',
    text: 'Someone tried to register a new account with this address, which already has one. If it was you, log in or reset your password; otherwise ignore this message.',
  },
  // French uses the English text (SPEC §1).
  fr: {
    subject: 'Someone tried to register with your address',
    text: 'Someone tried to register a new account with this address, which already has one. If it was you, log in or reset your password; otherwise ignore this message.',
  },
  ko: {
    subject: '누군가 귀하의 주소로 가입을 시도했습니다',
    text: '누군가 이미 계정이 있는 이 주소로 새 계정 가입을 시도했습니다. 본인이라면 로그인하거나 비밀번호를 재설정하세요. 아니라면 이 메시지를 무시하세요.',
  },
  de: {
    subject: 'Jemand wollte sich mit Ihrer Adresse registrieren',
    text: 'Jemand hat versucht, mit dieser Adresse, die bereits ein Konto hat, ein neues Konto anzulegen. Wenn Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück; andernfalls ignorieren Sie diese Nachricht.',
  },
  it: {
    subject: 'Qualcuno ha tentato di registrarsi con il tuo indirizzo',
    text: 'Qualcuno ha tentato di registrare un nuovo account con questo indirizzo, che ne ha già uno. Se eri tu, accedi o reimposta la password; altrimenti ignora questo messaggio.',
  },
  es: {
    subject: 'Alguien intentó registrarse con tu dirección',
    text: 'Alguien intentó registrar una cuenta nueva con esta dirección, que ya tiene una. Si fuiste tú, inicia sesión o restablece tu contraseña; si no, ignora este mensaje.',
  },
  hu: {
    subject: 'Valaki az Ön címével próbált regisztrálni',
    text: 'Valaki új fiókot próbált regisztrálni ezzel a címmel, amelyhez már tartozik fiók. Ha Ön volt, jelentkezzen be vagy állítsa vissza a jelszavát; ellenkező esetben hagyja figyelmen kívül ezt az üzenetet.',
  },
};

export function registerNoticeText(language: TLanguage) {
  return registerNotice[language];
}
