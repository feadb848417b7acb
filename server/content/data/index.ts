import type { Packs } from './structure.ts';
import { en } from './en.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { de } from './de.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { es } from './es.ts';
import { ar } from './ar.ts';
import { hk } from './hk.ts';
import { zh } from './zh.ts';

/** The texts of every language, typed so that none can miss a page, an FAQ entry or a notice. */
export const PACKS: Packs = { en, ja, ko, de, fr, it, es, ar, hk, zh };
