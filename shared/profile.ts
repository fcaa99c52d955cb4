import type { Profile } from './api';
import { DEFAULT_LANGUAGE, type Language } from './constants';

// A new account's profile: nothing filled in, no flag set, no count. The store writes it at
// sign-up; test fixtures on both sides start from it, so a new profile field is declared once.

export function newProfile(
  id: string,
  email: string,
  now: string,
  language: Language = DEFAULT_LANGUAGE,
): Profile {
  return {
    id,
    email,
    first_name: null,
    last_name: null,
    gender: null,
    whatsapp_number: null,
    nationality: null,
    target_city: null,
    intended_arrival_date: null,
    knows_address: false,
    street_address: null,
    postal_code: null,
    city: null,
    country: null,
    entry_date: null,
    move_in_date: null,
    family_members: null,
    onboarding_completed: false,
    account_verified: false,
    account_verified_at: null,
    account_verified_by: null,
    deletion_requested: false,
    deletion_requested_at: null,
    deletion_requested_by: null,
    documents_count: 0,
    language,
    mail_blocked: null,
    unread_by_customer: 0,
    unread_by_team: 0,
    reminders_enabled: true,
    overdue_tasks: 0,
    expiring_documents: 0,
    created_at: now,
    updated_at: now,
  };
}
