import { expect, test } from 'vitest';
import { generateSite, parseServices } from '../../src/canvas/generator/generateSite.ts';
import { industryLabel, properCase, sentenceCase } from '../../src/canvas/generator/properCase.ts';

test('names and services typed in lower case read as titles; what was typed with capitals stays', () => {
  expect(properCase('summit plumbing & heating')).toBe('Summit Plumbing & Heating');
  expect(properCase('repairs and maintenance of boilers')).toBe('Repairs and Maintenance of Boilers');
  expect(properCase('HVAC repair')).toBe('HVAC repair');
  expect(properCase('Wedding cakes')).toBe('Wedding cakes');
  expect(properCase('after-hours call-outs')).toBe('After-Hours Call-Outs');
  expect(sentenceCase('water heaters')).toBe('Water heaters');
  expect(industryLabel('healthcare')).toBe('Healthcare');
  expect(industryLabel('other')).toBeNull();
});

test('generated copy uses the business name, industry and services in proper case', () => {
  expect(parseServices('boiler repair, emergency call-outs; boiler repair')).toEqual([
    'Boiler Repair',
    'Emergency Call-Outs',
  ]);
  const site = generateSite({
    businessName: 'summit plumbing & heating',
    industry: 'consulting',
    services: 'boiler repair, water heaters',
    email: 'hello@summit.example',
    phone: '+1 555 0100',
  });
  expect(site.name).toBe('Summit Plumbing & Heating');
  const copy = JSON.stringify(site.pages);
  expect(copy).toContain('Boiler Repair from Summit Plumbing & Heating, tailored to your needs.');
  expect(copy).toContain('Consulting services from Summit Plumbing & Heating');
  expect(copy).toContain('Summit Plumbing & Heating offers Boiler Repair, Water Heaters.');
  expect(copy).not.toContain('summit plumbing');
  expect(copy).not.toContain('boiler repair');
});
