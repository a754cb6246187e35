/**
 * Localised texts of the account mails with links (activation, password
 * reset) and the notice after a password reset. The register notice and
 * code texts live in messages.ts; links are built by the caller from
 * PUBLIC_URL and the base path only.
 */
import type { TLanguage } from '@ac/protocol/enums';

type Text = { subject: string; text: string };
type Templates = {
  activation: (link: string, hours: number) => Text;
  reset: (link: string, minutes: number) => Text;
  passwordResetNotice: () => Text;
};

const en: Templates = {
  activation: (l, h) => ({
    subject: 'Activate your account',
    text: `Welcome! Open this link to activate your account:\n\n${l}\n\nThe link is valid for ${h} hours and works once. If you did not register, ignore this message.`,
  }),
  reset: (l, m) => ({
    subject: 'Reset your password',
    text: `Open this link to set a new password:\n\n${l}\n\nThe link is valid for ${m} minutes and works once. If you did not ask for it, ignore this message; your password stays as it is.`,
  }),
  passwordResetNotice: () => ({
    subject: 'Your password was reset',
    text: 'The password of your account was just reset and every session was logged out. If this was not you, reset your password again at once and check your account.',
  }),
};

const templates: Record<TLanguage, Templates> = {
  'zh-CN': {
    activation: (l, h) => ({
      subject: '激活您的账号',
      text: `欢迎注册！请打开以下链接激活账号：\n\n${l}\n\n链接 ${h} 小时内有效，仅可使用一次。如非本人操作，请忽略此邮件。`,
    }),
    reset: (l, m) => ({
      subject: '重置您的密码',
      text: `请打开以下链接设置新密码：\n\n${l}\n\n链接 ${m} 分钟内有效，仅可使用一次。如非本人操作，请忽略此邮件，您的密码不会改变。`,
    }),
    passwordResetNotice: () => ({
      subject: '您的密码已重置',
      text: '您账号的密码刚刚被重置，所有登录均已退出。如非本人操作，请立即再次重置密码并检查账号。',
    }),
  },
  'zh-TW': {
    activation: (l, h) => ({
      subject: '啟用您的帳號',
      text: `歡迎註冊！請開啟以下連結啟用帳號：\n\n${l}\n\n連結 ${h} 小時內有效，僅可使用一次。如非本人操作，請忽略此郵件。`,
    }),
    reset: (l, m) => ({
      subject: '重設您的密碼',
      text: `請開啟以下連結設定新密碼：\n\n${l}\n\n連結 ${m} 分鐘內有效，僅可使用一次。如非本人操作，請忽略此郵件，您的密碼不會改變。`,
    }),
    passwordResetNotice: () => ({
      subject: '您的密碼已重設',
      text: '您帳號的密碼剛剛被重設，所有登入均已登出。如非本人操作，請立即再次重設密碼並檢查帳號。',
    }),
  },
  en,
  // French uses the English text (SPEC §1).
  fr: en,
  ko: {
    activation: (l, h) => ({
      subject: '계정을 활성화하세요',
      text: `가입을 환영합니다! 아래 링크를 열어 계정을 활성화하세요:\n\n${l}\n\n링크는 ${h}시간 동안 유효하며 한 번만 사용할 수 있습니다. 가입하지 않았다면 이 메시지를 무시하세요.`,
    }),
    reset: (l, m) => ({
      subject: '비밀번호 재설정',
      text: `아래 링크를 열어 새 비밀번호를 설정하세요:\n\n${l}\n\n링크는 ${m}분 동안 유효하며 한 번만 사용할 수 있습니다. 요청하지 않았다면 이 메시지를 무시하세요. 비밀번호는 변경되지 않습니다.`,
    }),
    passwordResetNotice: () => ({
      subject: '비밀번호가 재설정되었습니다',
      text: '계정의 비밀번호가 방금 재설정되어 모든 세션이 로그아웃되었습니다. 본인이 아니라면 즉시 비밀번호를 다시 재설정하고 계정을 확인하세요.',
    }),
  },
  de: {
    activation: (l, h) => ({
      subject: 'Aktivieren Sie Ihr Konto',
      text: `Willkommen! Öffnen Sie diesen Link, um Ihr Konto zu aktivieren:\n\n${l}\n\nDer Link ist ${h} Stunden gültig und nur einmal verwendbar. Wenn Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.`,
    }),
    reset: (l, m) => ({
      subject: 'Passwort zurücksetzen',
      text: `Öffnen Sie diesen Link, um ein neues Passwort festzulegen:\n\n${l}\n\nDer Link ist ${m} Minuten gültig und nur einmal verwendbar. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.`,
    }),
    passwordResetNotice: () => ({
      subject: 'Ihr Passwort wurde zurückgesetzt',
      text: 'Das Passwort Ihres Kontos wurde soeben zurückgesetzt und alle Sitzungen wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort erneut zurück und prüfen Sie Ihr Konto.',
    }),
  },
  it: {
    activation: (l, h) => ({
      subject: 'Attiva il tuo account',
      text: `Benvenuto! Apri questo link per attivare il tuo account:\n\n${l}\n\nIl link è valido per ${h} ore e funziona una sola volta. Se non ti sei registrato, ignora questo messaggio.`,
    }),
    reset: (l, m) => ({
      subject: 'Reimposta la password',
      text: `Apri questo link per impostare una nuova password:\n\n${l}\n\nIl link è valido per ${m} minuti e funziona una sola volta. Se non l'hai richiesto, ignora questo messaggio; la password resta invariata.`,
    }),
    passwordResetNotice: () => ({
      subject: 'La tua password è stata reimpostata',
      text: "La password del tuo account è stata appena reimpostata e tutte le sessioni sono state chiuse. Se non sei stato tu, reimposta subito la password e controlla l'account.",
    }),
  },
  es: {
    activation: (l, h) => ({
      subject: 'Activa tu cuenta',
      text: `¡Bienvenido! Abre este enlace para activar tu cuenta:\n\n${l}\n\nEl enlace es válido durante ${h} horas y funciona una sola vez. Si no te registraste, ignora este mensaje.`,
    }),
    reset: (l, m) => ({
      subject: 'Restablece tu contraseña',
      text: `Abre este enlace para establecer una contraseña nueva:\n\n${l}\n\nEl enlace es válido durante ${m} minutos y funciona una sola vez. Si no lo solicitaste, ignora este mensaje; tu contraseña no cambia.`,
    }),
    passwordResetNotice: () => ({
      subject: 'Tu contraseña se ha restablecido',
      text: 'La contraseña de tu cuenta se acaba de restablecer y se han cerrado todas las sesiones. Si no fuiste tú, restablécela de nuevo de inmediato y revisa tu cuenta.',
    }),
  },
  hu: {
    activation: (l, h) => ({
      subject: 'Aktiválja fiókját',
      text: `Üdvözöljük! Nyissa meg ezt a hivatkozást a fiók aktiválásához:\n\n${l}\n\nA hivatkozás ${h} óráig érvényes és egyszer használható. Ha nem Ön regisztrált, hagyja figyelmen kívül ezt az üzenetet.`,
    }),
    reset: (l, m) => ({
      subject: 'Jelszó visszaállítása',
      text: `Nyissa meg ezt a hivatkozást új jelszó megadásához:\n\n${l}\n\nA hivatkozás ${m} percig érvényes és egyszer használható. Ha nem Ön kérte, hagyja figyelmen kívül ezt az üzenetet; a jelszava nem változik.`,
    }),
    passwordResetNotice: () => ({
      subject: 'Jelszava visszaállításra került',
      text: 'Fiókja jelszavát az imént visszaállították, és minden munkamenetből kijelentkeztettük. Ha nem Ön volt, azonnal állítsa vissza újra a jelszavát, és ellenőrizze a fiókját.',
    }),
  },
};

export function activationMailText(language: TLanguage, link: string, hours: number): Text {
  return templates[language].activation(link, hours);
}

export function resetMailText(language: TLanguage, link: string, minutes: number): Text {
  return templates[language].reset(link, minutes);
}

export function passwordResetNoticeText(language: TLanguage): Text {
  return templates[language].passwordResetNotice();
}
