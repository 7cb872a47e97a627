// The English shared texts, loaded with the signed-in pages' catalog (catalog.ts): /login shows none.
export { MESSAGES, SHARED_TEXTS_EN } from '@pushup/shared';
