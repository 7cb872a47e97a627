import type { MessageKey, SharedTexts } from './messages';

/**
 * German for the shared texts (informal 'du', as a German fitness app writes). A module of its own so
 * that only German pages load it; the type makes a missing text a compile error.
 */
const MESSAGES_DE: Record<MessageKey, string> = {
  firebaseConfigMissing: 'Firebase-Konfiguration nicht gefunden (window.FIREBASE_CONFIG)',
  initializingFirebase: 'Firebase wird gestartet …',
  errorInitializingFirebasePrefix: 'Fehler beim Starten von Firebase: ',
  loading: 'Wird geladen …',

  // Validation (docs/product.md, "Validation")
  usernameEmpty: 'Der Benutzername darf nicht leer sein',
  usernameTooShort: 'Der Benutzername muss mindestens 3 Zeichen lang sein',
  usernameTooLong: 'Der Benutzername darf höchstens 30 Zeichen lang sein',
  usernameSpaces: 'Der Benutzername darf keine Leerzeichen enthalten',
  usernameCharacters:
    'Der Benutzername darf nur Buchstaben, Ziffern, Unterstriche und Bindestriche enthalten',
  usernameTaken: 'Dieser Benutzername ist schon vergeben',
  termsRequired: 'Bitte akzeptiere die Nutzungsbedingungen und die Datenschutzerklärung',
  futureDate: 'Du kannst kein Datum in der Zukunft wählen',
  dateBeforeEarliest: 'Du kannst kein Datum vor dem 1. Januar 2025 wählen',
  goalRange: 'Dein Ziel muss eine ganze Zahl zwischen 1 und 1.000.000 sein',
  goalZero:
    'Ein Ziel von 0 ist sofort erreicht: Gib mindestens 1 ein oder lass das Feld leer, wenn du kein Ziel willst',
  goalDeadlinePast:
    'Die Frist für dein Ziel darf nicht in der Vergangenheit liegen: Wähle heute oder einen späteren Tag',
  goalDeadlineInvalid: 'Die Frist für dein Ziel muss ein Datum sein (JJJJ-MM-TT)',
  goalDescriptionTooLong: 'Die Beschreibung deines Ziels darf höchstens 50 Zeichen lang sein',
  deleteConfirmation: 'Bitte gib „confirm“ ein, um dein Konto zu löschen',
  groupNameInvalid: 'Der Gruppenname muss 3 bis 30 Zeichen lang sein',
  groupSearchEmpty: 'Bitte gib einen Suchbegriff ein',
  pushupCountRange: 'Die Anzahl der Liegestütze muss eine ganze Zahl zwischen 1 und 1.000 sein',
  pushupEditCountRange: 'Die Anzahl der Liegestütze muss eine ganze Zahl zwischen 0 und 1.000 sein',
  pushupDateInvalid: 'Das Datum muss ein ISO-Zeitstempel mit Zeitzonen-Versatz sein',
  dayInvalid: 'Der Tag muss ein Datum sein (JJJJ-MM-TT)',
  dayRangeReversed: 'Der erste Tag darf nicht nach dem letzten liegen',
  dayRangeTooLong: 'Ein Zeitraum darf höchstens 3.660 Tage umfassen',
  entryIdInvalid: 'Die Eintrags-ID (uuid) muss eine UUID sein',

  // Training plans (docs/product.md, "Training plans")
  planUnknown: 'Der Plan muss hundred, thirty-day, daily oder custom sein',
  planLevelInvalid: 'Die Stufe muss 1, 2 oder 3 sein',
  planWeekdaysInvalid:
    'Wähle mindestens einen Trainingstag, jeden Wochentag nur einmal (0 ist Sonntag, 6 Samstag)',
  planDailyTotalInvalid: 'Liegestütze pro Tag müssen eine ganze Zahl zwischen 1 und 1000 sein',
  planSetsInvalid: 'Sätze müssen eine ganze Zahl zwischen 1 und 10 sein',
  planRepsInvalid: 'Wiederholungen pro Satz müssen eine ganze Zahl zwischen 1 und 1000 sein',
  planRestInvalid: 'Die Pause muss zwischen 10 und 600 Sekunden lang sein',
  planDailyMissing: 'Ein täglicher Plan braucht Liegestütze pro Tag und Sätze, und nur er hat sie',
  planCustomMissing: 'Ein eigener Plan braucht Sätze, Wiederholungen und Pause, und nur er hat sie',
  planActionInvalid: 'Die Aktion muss pause, resume, abandon, level oder share sein',
  planTestCountInvalid: 'Das Testergebnis muss eine ganze Zahl zwischen 0 und 1000 sein',
  workoutSetsInvalid: 'Ein Training hat zwischen 1 und 20 Sätze',
  workoutSessionInvalid: 'Die Einheit muss eine ganze Zahl zwischen 0 und 10000 sein',
  workoutSetRepsInvalid: 'Die Wiederholungen jedes Satzes müssen eine ganze Zahl zwischen 0 und 1000 sein',
  workoutTotalInvalid: 'Die Sätze eines Trainings müssen zusammen zwischen 1 und 1000 Liegestütze ergeben',
  // Training plans: what the server refuses (docs/product.md, "Training plans: calls")
  planStartTooEarly: 'Ein Plan kann höchstens 7 Tage in der Vergangenheit beginnen',
  planStartTooLate: 'Ein Plan kann höchstens 30 Tage im Voraus beginnen',
  planNotFound: 'Du hast keinen Plan, den du ändern kannst: Starte zuerst einen',
  planAlreadyPaused: 'Der Plan ist schon pausiert',
  planNotPaused: 'Nur ein pausierter Plan kann fortgesetzt werden',
  workoutNoActivePlan: 'Es gibt keinen aktiven Plan, für den du dieses Training eintragen kannst',
  workoutPlanPaused: 'Der Plan ist pausiert: Setze ihn fort, um ein Training einzutragen',
  workoutWrongSession:
    'Dieses Training gehört nicht zur nächsten Einheit deines Plans (vielleicht wurde sie auf einem anderen Gerät eingetragen)',

  // Group challenges, cheers and the feed (docs/product.md, "Group challenges, cheers and the feed")
  challengeNameInvalid: 'Der Name der Challenge muss 3 bis 40 Zeichen lang sein',
  challengeKindInvalid: 'Die Art muss race, everyone oder together sein',
  challengeTargetInvalid: 'Das Ziel muss eine ganze Zahl zwischen 1 und 1.000.000 sein',
  challengeTargetMissing: 'Alle bis N und Gemeinsam bis N brauchen ein Ziel N, ein Rennen hat keins',
  challengeMinPerDayInvalid: 'Das Minimum pro Tag muss eine ganze Zahl zwischen 1 und 10.000 sein',
  challengeEndBeforeStart: 'Der letzte Tag darf nicht vor dem ersten liegen',
  challengeTooLong: 'Eine Challenge dauert höchstens 366 Tage',
  challengeStartTooEarly: 'Eine Challenge kann höchstens einen Tag vor heute beginnen',
  challengeSettingInvalid: 'membersMayCreateChallenges muss true oder false sein',
  challengeNotFound: 'Challenge nicht gefunden',
  challengeCreateAdminsOnly: 'In dieser Gruppe können nur Admins Challenges anlegen',
  challengeDeleteNotAllowed:
    'Nur Admins der Gruppe oder, vor dem Start, wer sie angelegt hat, können eine Challenge löschen',
  challengeOver: 'Diese Challenge ist vorbei',
  cheerSettingInvalid: 'pushOnCheer muss true oder false sein',
  cheerSelf: 'Du kannst deinen eigenen Tag nicht anfeuern',
  cheerDayOutOfRange: 'Du kannst einen Tag der letzten 7 Tage anfeuern',
  feedCursorInvalid: 'Diesen Cursor hat der Feed nicht ausgegeben',
  challengeStartedTitle: 'Eine Challenge hat begonnen',
  challengeEndedTitle: 'Eine Challenge ist zu Ende',
  cheerTitle: 'Du wurdest angefeuert',

  // API status catalogue (docs/product.md, "Messages")
  notInvited: 'Du bist nicht zur Plattform eingeladen. Bitte wende dich an einen Administrator.',
  notAuthenticated: 'Du bist nicht angemeldet. Bitte melde dich an.',
  resourceNotFound: 'Nicht gefunden',
  userNotRegistered: 'Du bist noch nicht registriert. Bitte leg dein Profil an.',
  resourceConflict: 'Konflikt mit den gespeicherten Daten',
  serverError: 'Serverfehler. Bitte versuch es später noch einmal.',
  requestTimedOut: 'Die Anfrage hat zu lange gedauert',
  noUserLoggedIn: 'Niemand angemeldet',
  noAuthenticatedUser: 'Kein angemeldeter Benutzer',
  notAuthenticatedShort: 'Nicht angemeldet',
  failedToGetToken: 'Das Anmelde-Token konnte nicht abgerufen werden',
  networkError: 'Der Server ist nicht erreichbar. Prüf deine Verbindung und versuch es noch einmal.',

  // Server responses (docs/product.md, "Requests and errors")
  serverNotInvited: 'Du bist nicht zur Plattform eingeladen',
  // Said to every unverified account, invited or not: it must not tell whether an invite exists.
  serverEmailNotVerified:
    'Bitte bestätige deine E-Mail-Adresse, um weiterzumachen: Öffne den Link in der E-Mail, die wir dir geschickt haben, und mach dann weiter.',
  // An operator disabled the account's sign-in (docs/security.md, "Operators")
  serverAccountDisabled:
    'Dein Konto wurde von einem Betreiber dieser Seite gesperrt. Bitte ihn, es wieder freizuschalten.',
  serverMissingToken: 'Authorization-Header fehlt oder ist fehlerhaft',
  serverInvalidToken: 'Anmelde-Token ungültig oder abgelaufen',
  serverUserExists: 'Dein Profil gibt es schon',
  serverUserNotFound: 'Benutzer nicht gefunden',
  serverInternal: 'Interner Serverfehler',
  serverNoGoalFields: 'Sende mindestens eines der Felder personalGoal, goalDeadline oder goalDescription',
  serverEntryConflict:
    'Dieser Eintrag wurde schon mit einer anderen Anzahl oder einem anderen Datum gespeichert',
  serverEntryIdInUse: 'Diese Eintrags-ID wird schon verwendet',

  // The operators' admin page: invites and users (docs/security.md, "Operators")
  adminOperatorsOnly: 'Das kann nur ein Betreiber dieser Seite',
  adminCannotDisableSelf: 'Du kannst dein eigenes Konto nicht sperren',
  adminCannotDeleteSelf: 'Du kannst dein eigenes Konto hier nicht löschen: Lösch es in deinen Einstellungen',
  adminDeleteUsernameMismatch:
    'Gib den Benutzernamen des Kontos genau so ein, wie er angezeigt wird, um es zu löschen',
  adminInviteNotFound: 'Diese Adresse ist nicht eingeladen',
  adminInviteEmpty: 'Die Liste enthält keine Adressen',
  adminInviteTooMany: 'Du kannst höchstens 200 Adressen auf einmal einladen: Teil die Liste auf',
  adminInviteNotAnEmail: 'Keine E-Mail-Adresse',
  adminInviteTooLong: 'Länger, als eine E-Mail-Adresse sein kann (320 Zeichen)',
  adminInviteRepeated: 'Mehr als einmal in der Liste',

  // Screen messages
  failedToLoadData: 'Die Daten konnten nicht geladen werden',
  failedToSetUsername: 'Der Benutzername konnte nicht gespeichert werden',
  failedToUpdateUsername: 'Der Benutzername konnte nicht geändert werden',
  usernameSet: 'Benutzername gespeichert!',
  usernameUpdated: 'Benutzername geändert!',
  failedToLoadProfile: 'Dein Profil konnte nicht geladen werden',
  failedToSignOut: 'Abmelden fehlgeschlagen',
  failedToDeleteAccount: 'Dein Konto konnte nicht gelöscht werden',
  accountDeleted: 'Dein Konto wurde gelöscht',
  failedToUpdateGoal: 'Dein Ziel konnte nicht gespeichert werden',
  goalUpdated: 'Ziel gespeichert',

  // Push-ups (docs/product.md, "Messages")
  pushupNotFound: 'Liegestütz-Eintrag nicht gefunden',
  pushupsSubmitted: 'Liegestütze eingetragen!',
  failedToSubmitPushups: 'Deine Liegestütze konnten nicht eingetragen werden',
  pushupEntryNotFound: 'Eintrag nicht gefunden',
  failedToUpdatePushupCount: 'Die Anzahl konnte nicht geändert werden',
  pushupCountUpdated: 'Anzahl geändert',
  failedToDeletePushupEntry: 'Der Eintrag konnte nicht gelöscht werden',
  pushupEntryDeleted: 'Eintrag gelöscht',
  noPushupsYet: 'Noch keine Liegestütze eingetragen',
  noPushupsForDate: 'Für diesen Tag sind keine Liegestütze eingetragen',
  loadingChartData: 'Diagramm wird geladen …',

  // Groups: client-side join eligibility and the quota (docs/product.md, "Validation" and "Messages")
  alreadyMember: 'Du bist schon Mitglied dieser Gruppe',
  alreadyPending: 'Du hast für diese Gruppe schon eine offene Beitrittsanfrage',
  previouslyRejected:
    'Deine Anfrage für diese Gruppe wurde abgelehnt. Wenn du trotzdem beitreten möchtest, wende dich an einen Gruppenadmin.',
  maxGroupsReached: 'Du hast die maximale Anzahl an Gruppen erreicht',
  rejoinAlreadyPending: 'Du hast schon eine offene Anfrage, dieser Gruppe wieder beizutreten',

  // Groups: call failures (docs/product.md, "Messages" and "Other messages")
  failedToFetchGroups: 'Die Gruppen konnten nicht geladen werden',
  failedToFetchGroupMembers: 'Die Mitglieder konnten nicht geladen werden',
  failedToRequestGroupJoin: 'Die Beitrittsanfrage konnte nicht gesendet werden',
  failedToApproveJoinRequest: 'Die Beitrittsanfrage konnte nicht angenommen werden',
  failedToRejectJoinRequest: 'Die Beitrittsanfrage konnte nicht abgelehnt werden',
  failedToAddGroupAdmin: 'Das Mitglied konnte nicht zum Admin gemacht werden',
  failedToRemoveGroupAdmin: 'Die Adminrechte konnten nicht entzogen werden',
  failedToSearchGroups: 'Die Gruppensuche ist fehlgeschlagen',
  failedToFetchGroupStats: 'Die Gruppenstatistik konnte nicht geladen werden',
  failedToFetchJoinRequests: 'Die Beitrittsanfragen konnten nicht geladen werden',
  failedToAllowRejectedMember: 'Die abgelehnte Person konnte nicht wieder zugelassen werden',
  failedToCreateInviteLink: 'Der Einladungslink konnte nicht erstellt werden',
  failedToFetchInviteLinks: 'Die Einladungslinks konnten nicht geladen werden',
  failedToRevokeInviteLink: 'Der Einladungslink konnte nicht widerrufen werden',
  failedToCheckInviteLink: 'Der Einladungslink konnte nicht geprüft werden',
  failedToAcceptInvite: 'Die Einladung konnte nicht angenommen werden',
  failedToLeaveGroup: 'Du konntest die Gruppe nicht verlassen',
  failedToRemoveGroupMember: 'Das Mitglied konnte nicht entfernt werden',
  failedToCancelJoinRequest: 'Die Beitrittsanfrage konnte nicht zurückgezogen werden',
  failedToRequestRejoin: 'Die Anfrage zum erneuten Beitritt konnte nicht gesendet werden',
  groupCreateServerError: 'Serverfehler beim Erstellen der Gruppe. Bitte versuch es noch einmal.',

  // Groups: screen messages (docs/product.md, "Messages")
  failedToLoadGroupData: 'Die Gruppendaten konnten nicht geladen werden',
  failedToCancelRequest: 'Die Anfrage konnte nicht zurückgezogen werden',
  joinRequestCancelled: 'Beitrittsanfrage zurückgezogen',
  joinRequestSent: 'Beitrittsanfrage gesendet',
  groupCreated: 'Gruppe erstellt',
  joinRequestSentSuccessfully: 'Deine Beitrittsanfrage wurde gesendet',
  joinRequestCancelledSuccessfully: 'Deine Beitrittsanfrage wurde zurückgezogen',
  failedToLoadGroupStatistics: 'Die Statistik der Gruppe konnte nicht geladen werden',
  failedToLoadGroupStatus: 'Der Gruppenstatus konnte nicht geladen werden',
  loadingStatistics: 'Statistik wird geladen …',
  cannotJoinGroup: 'Beitritt nicht möglich',
  failedToCheckJoinEligibility: 'Es konnte nicht geprüft werden, ob du beitreten kannst',
  failedToJoinGroup: 'Der Beitritt zur Gruppe ist fehlgeschlagen',
  failedToCreateGroup: 'Die Gruppe konnte nicht erstellt werden',

  // Groups: server responses (our wording; the spec leaves them open)
  serverGroupNotFound: 'Gruppe nicht gefunden',
  serverNotGroupMember: 'Du bist kein Mitglied dieser Gruppe',
  serverAdminsOnly: 'Das dürfen nur Gruppenadmins',
  serverGroupFull: 'Diese Gruppe hat die maximale Anzahl an Mitgliedern erreicht',
  serverRequestAlreadyAccepted: 'Deine Beitrittsanfrage wurde schon angenommen',
  serverNoPendingRequest: 'Du hast keine offene Beitrittsanfrage für diese Gruppe',
  serverRejoinPending: 'Du hast schon eine offene Anfrage für diese Gruppe',
  serverRejoinNotNeeded:
    'Einen erneuten Beitritt kannst du nur für eine Gruppe anfragen, in der du nicht bist',
  serverJoinRequestNotFound: 'Beitrittsanfrage nicht gefunden',
  serverJoinRequestHandled: 'Diese Beitrittsanfrage wurde schon bearbeitet',
  serverMemberNotFound: 'Diese Person ist kein Mitglied dieser Gruppe',
  serverNotRejected: 'Diese Person hat keine abgelehnte Anfrage für diese Gruppe',
  serverLastAdmin: 'Eine Gruppe braucht mindestens einen Admin: Mach zuerst ein anderes Mitglied zum Admin',
  serverRemoveSelf: 'Um eine Gruppe selbst zu verlassen, nutze „Gruppe verlassen“',
  serverInviteNotFound: 'Einladungslink nicht gefunden',
  serverInviteRevoked: 'Dieser Einladungslink wurde widerrufen',
  serverInviteExpired: 'Dieser Einladungslink ist abgelaufen',
  serverInviteUsedUp: 'Dieser Einladungslink wurde schon so oft genutzt wie erlaubt',
  inviteMaxUsesInvalid:
    'Die maximale Anzahl an Nutzungen muss leer oder eine ganze Zahl zwischen 1 und 1.000 sein',
  inviteExpiryInvalid: 'Die Gültigkeit muss eine ganze Zahl von Tagen zwischen 1 und 365 sein',
  groupDescriptionTooLong: 'Die Gruppenbeschreibung darf höchstens 200 Zeichen lang sein',
  groupSearchTooLong: 'Ein Suchbegriff darf höchstens 30 Zeichen lang sein',

  // Streaks, records and achievements (docs/product.md, "Streaks" to "Achievements")
  restDaysInvalid: 'Du kannst 0, 1 oder 2 Ruhetage pro Woche wählen',
  settingsEmpty: 'Sende mindestens eine Einstellung, die sich ändern soll',
  achievementIdsInvalid: 'Die Erfolgs-IDs müssen eine Liste bekannter Erfolge sein',
  newPersonalBest: 'Neuer persönlicher Rekord!',
  logTodayToKeepStreak: 'Trag heute Liegestütze ein, damit deine Serie hält',

  // Reminders (docs/product.md, "Reminders")
  reminderTimeInvalid: 'Die Uhrzeit der Erinnerung muss HH:MM sein (00:00 bis 23:59)',
  reminderWeekdaysInvalid:
    'Erinnerungstage müssen Wochentage von 0 (Sonntag) bis 6 (Samstag) sein, jeder höchstens einmal',
  reminderEnabledInvalid: '„Erinnerung an oder aus“ muss true oder false sein',
  pushSubscriptionInvalid: 'Ein Push-Abo braucht einen https-Endpunkt und seine Schlüssel p256dh und auth',
  remindersUnavailable: 'Erinnerungen sind auf diesem Server nicht eingerichtet',
  reminderDeviceNotFound: 'Gerät nicht gefunden',
  noReminderDevices: 'Noch bekommt keins deiner Geräte Erinnerungen',
  reminderTitle: 'Zeit für deine Liegestütze',

  // Your data: export, import and leaderboard visibility (docs/product.md, "Export", "Import",
  // "Leaderboard visibility")
  leaderboardVisibilityInvalid: '„In der Bestenliste zeigen“ muss true oder false sein',
  publicProfileSettingsInvalid: 'Gib an, ob dein Profil öffentlich ist und welche Teile es zeigt',
  importFileEmpty: 'Die Datei enthält keine Zeilen zum Importieren',
  importNotCsv: 'Die Datei muss eine CSV-Datei (Text) sein',
  importFieldsApp: 'Erwartet werden 3 Werte: instant,day,count',
  importFieldsSimple: 'Erwartet werden 2 Werte: date,count',
  importInstantInvalid: 'Der Zeitpunkt muss ein ISO-Zeitstempel sein, etwa 2025-06-01T18:30:00.000Z',
  importDateInvalid: 'Das Datum muss ein Tag (JJJJ-MM-TT) oder ein ISO-Zeitstempel sein',
  importDayMismatch: 'Der Tag passt in keiner Zeitzone zum Zeitpunkt',
  importChanged: 'Deine Einträge haben sich seit der Vorschau geändert: Bitte prüf die Datei noch einmal',

  // Language and theme (docs/product.md, "Language and theme")
  languageInvalid: 'Die Sprache muss en (Englisch) oder de (Deutsch) sein',
  themeInvalid: 'Das Design muss system, light oder dark sein',

  // The operators' admin page: groups, tiers and the audit trail (docs/product.md, "Calls")
  adminGroupNameMismatch:
    'Der eingegebene Name stimmt nicht mit dem Namen der Gruppe überein: Es wurde nichts gelöscht',
  tierNameInvalid: 'Der Name der Stufe muss zwischen 1 und 40 Zeichen lang sein, in einer Zeile',
  tierNameTaken: 'Eine Stufe mit diesem Namen gibt es schon',
  tierNotFound: 'Stufe nicht gefunden',
  tierMaxGroupsInvalid: 'Die maximale Zahl der Gruppen muss eine ganze Zahl zwischen 1 und 100000 sein',
  tierMaxMembersInvalid:
    'Die maximale Zahl der Mitglieder pro Gruppe muss eine ganze Zahl zwischen 1 und 100000 sein',
  auditActionInvalid: 'Die Aktion muss eine der Aktionen des Protokolls sein',
  auditFilterTooLong: 'Ein Filtertext darf höchstens 200 Zeichen lang sein',
  shareCardPeriodInvalid: 'Der Zeitraum muss day (Tag) oder week (Woche) sein',
  achievementIdInvalid: 'Das muss einer der bekannten Erfolge sein',
};

const numberDe = new Intl.NumberFormat('de');
const pluralDe = new Intl.PluralRules('de');
/** A number as German writes it: '1.000', '2,5'. */
const n = (value: number) => numberDe.format(value);
/** A count with its noun in the right number: '1 Tag', '4 Tage'. */
const count = (value: number, one: string, other: string) =>
  `${n(value)} ${pluralDe.select(value) === 'one' ? one : other}`;
const dayFormatDe = new Intl.DateTimeFormat('de', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A `YYYY-MM-DD` day as German writes it ('01.06.2025'); anything else as it is. */
function dayDe(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayFormatDe.format(new Date(`${day}T00:00:00Z`)) : day;
}

export const SHARED_TEXTS_DE: SharedTexts = {
  cheerText: (username) => `${username} hat deinen Tag angefeuert`,
  messages: MESSAGES_DE,
  groupQuotaMessage: (maxGroups) =>
    `Du hast dein Limit von ${count(maxGroups, 'Gruppe', 'Gruppen')} erreicht. Verlass bitte eine Gruppe, bevor du einer neuen beitrittst.`,
  streakLabel: (days) => `${count(days, 'Tag', 'Tage')} in Folge`,
  reminderText: (streakDays) =>
    streakDays > 0
      ? `${MESSAGES_DE.reminderTitle} – halte deine Serie von ${count(streakDays, 'Tag', 'Tagen')}!`
      : MESSAGES_DE.reminderTitle,
  reminderWorkoutText: (week, day, sets, pushups) =>
    `Heute: Woche ${n(week)}, Tag ${n(day)} – ${count(sets, 'Satz', 'Sätze')}, ${count(pushups, 'Liegestütz', 'Liegestütze')}`,
  groupMaxMembersMessage: (maxMembersPerGroup) =>
    `Dein Tarif erlaubt höchstens ${count(maxMembersPerGroup, 'Mitglied', 'Mitglieder')} pro Gruppe`,
  importTooLargeMessage: (maxBytes) => `Die Datei ist zu groß: höchstens ${n(maxBytes / (1024 * 1024))} MB`,
  importTooManyRowsMessage: (maxRows, rows) =>
    `Eine Datei darf höchstens ${count(maxRows, 'Zeile', 'Zeilen')} enthalten, diese hat ${n(rows)}. Bitte teil sie auf.`,
  dailyLimitMessage: (max, day, already) =>
    `Du kannst höchstens ${count(max, 'Liegestütz', 'Liegestütze')} pro Tag eintragen: Für den ${dayDe(day)} ${pluralDe.select(already) === 'one' ? 'ist' : 'sind'} schon ${n(already)} eingetragen`,
};
