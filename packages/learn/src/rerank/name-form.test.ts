import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { NAME_FORMS, nameForm } from './name-form.js';

const form = (name: string, server: string | null = 'srv'): number => nameForm(makeTool({ name, server }));

describe('nameForm', () => {
  it('tells naming conventions apart', () => {
    const names = ['Riddle API::Get Riddle', 'fs::read', 'ChaDri.change_drink', 'send_email', 'send-email', 'sendEmail', 'Send Email', 'search'];
    const forms = names.map((name) => form(name));
    expect(new Set(forms).size).toBe(names.length);
    for (const value of forms) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of forms) expect(value).toBeLessThan(NAME_FORMS);
  });

  it('reads the first separator that applies, whether the tool has a server, and spaces', () => {
    // `::` before `.` and `_`; a dotted name with underscores is dotted.
    expect(form('a::b.c_d')).toBe(form('x::y'));
    expect(form('a.b_c')).toBe(form('x.y'));
    expect(form('send_email')).not.toBe(form('send_email', null));
    expect(form('My API::Get')).not.toBe(form('my_api::get'));
  });
});
