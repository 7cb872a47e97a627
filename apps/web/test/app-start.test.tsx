import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { inLanguage } from './in-language';

describe('start-up without window.FIREBASE_CONFIG', () => {
  afterEach(() => {
    delete (window as { FIREBASE_CONFIG?: unknown }).FIREBASE_CONFIG;
  });

  it('shows the spec error inside "Error initializing Firebase: ..."', async () => {
    render(<App />, { wrapper: await inLanguage('en') });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error initializing Firebase: Firebase config not found in window.FIREBASE_CONFIG',
    );
  });
});
