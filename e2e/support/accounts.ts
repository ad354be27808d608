import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_BASE_URL } from './constants';

export interface Person {
  name: string;
  email: string;
  password: string;
  photoURL: string;
}

export const newPerson = (overrides: Partial<Person> = {}): Person => ({
  name: `Rider ${randomUUID().slice(0, 6)}`,
  email: `rider-${randomUUID().slice(0, 8)}@example.com`,
  password: 'brake-pads-42',
  photoURL: '/images/reviewers/aiko.svg',
  ...overrides,
});

/** Registers through the Register screen and waits until the store counts the person as signed in. */
export async function register(page: Page, person: Person) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Photo URL').fill(person.photoURL);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('navigation').getByText(person.name)).toBeVisible();
}

export async function logIn(page: Page, person: Person) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Login' })).toBeVisible();
}

/**
 * Signs the page's browser context in as the store admin: the account the e2e server made at start
 * for its ADMIN_EMAILS, with its ADMIN_PASSWORD.
 */
export async function signInAsAdmin(page: Page) {
  const admin = { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD, name: 'Store Admin' };
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: { origin: E2E_BASE_URL },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('navigation').getByText(admin.name)).toBeVisible();
  return admin;
}

/** A customer who registered in a browser of their own, so the test's page stays signed out. */
export async function registerElsewhere(browser: Browser): Promise<Person> {
  const person = newPerson();
  const page = await browser.newPage();
  await register(page, person);
  await page.close();
  return person;
}
