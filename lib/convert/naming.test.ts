import { describe, expect, it } from 'vitest';
import { BaseNames, methodPathName, skillName, snakeCase } from './naming';

describe('snakeCase', () => {
  it.each([
    ['listPets', 'list_pets'],
    ['pets.list', 'pets_list'],
    ['getHTTPStatus', 'get_http_status'],
    ['v1GetUser', 'v1_get_user'],
    ['Create-Pet Now', 'create_pet_now'],
    ['../../x', 'x'],
    ['Ünïcode', 'unicode'],
    ['🐾', ''],
  ])('turns %s into %s', (id, expected) => {
    expect(snakeCase(id)).toBe(expected);
  });
});

describe('methodPathName', () => {
  it('joins the method and the path words when there is no operationId', () => {
    expect(methodPathName('GET', '/pets/{petId}')).toBe('get_pets_pet_id');
    expect(methodPathName('POST', '/')).toBe('post_root');
  });
});

describe('skillName', () => {
  it('derives a kebab-case name of at most 32 characters from the title, cut at a word', () => {
    expect(skillName('Swagger Petstore - OpenAPI 3.0')).toEqual({ name: 'swagger-petstore-open-api-3-0', changed: false });
    expect(skillName('The Extraordinarily Long Name Of An Enterprise API Platform').name).toBe('the-extraordinarily-long-name-of');
    expect(skillName('🐾').name).toBe('api');
  });

  it('keeps a valid given name and normalises an invalid one', () => {
    expect(skillName('T', 'my-skill')).toEqual({ name: 'my-skill', changed: false });
    expect(skillName('T', 'My--Skill_')).toEqual({ name: 'my-skill', changed: true });
  });

  it.each([
    ['CON', undefined, { name: 'con-api', changed: false }],
    ['Aux', undefined, { name: 'aux-api', changed: false }],
    ['LPT1', undefined, { name: 'lpt1-api', changed: false }],
    ['T', 'nul', { name: 'nul-api', changed: true }],
    ['Skill', undefined, { name: 'skill', changed: false }],
    ['Console', undefined, { name: 'console', changed: false }],
  ])('gives a Windows device name %s (given %s) -api, as the skill is a folder of that name', (title, given, expected) => {
    expect(skillName(title, given)).toEqual(expected);
  });
});

describe('BaseNames', () => {
  it('suffixes collisions, including ids that differ only in case', () => {
    const n = new BaseNames('pets');
    expect([n.assign('getPet', 'GET', '/a'), n.assign('GetPet', 'GET', '/b'), n.assign('get_pet', 'GET', '/c')]).toEqual(['get_pet', 'get_pet_2', 'get_pet_3']);
  });

  it('renames device names and the manifest name', () => {
    const n = new BaseNames('s');
    expect([n.assign('CON', 'GET', '/'), n.assign('lpt1', 'GET', '/'), n.assign('Skill', 'GET', '/')]).toEqual(['con_op', 'lpt1_op', 'skill_op']);
  });

  it('keeps <skill>_<base> within 64 characters, suffixes included', () => {
    const skill = 'a-forty-character-skill-name-for-testing';
    const n = new BaseNames(skill);
    const a = n.assign('x'.repeat(100), 'GET', '/');
    const b = n.assign('x'.repeat(100), 'GET', '/');
    expect(`${skill}_${a}`.length).toBe(64);
    expect(`${skill}_${b}`.length).toBeLessThanOrEqual(64);
    expect(b.endsWith('_2')).toBe(true);
  });
});
