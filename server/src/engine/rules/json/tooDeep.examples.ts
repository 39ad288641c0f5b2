import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, tooDeepRule } from './tooDeep';

export const tooDeepDocs = ruleDocs(tooDeepRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics",
                "definition": ${'['.repeat(508)}«[»${']'.repeat(509)} }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics",
                "definition": { "rows": [{ "cells": [{ "text": "Words" }, { "count": "words" }] }] } }
            ]
          }`),
      },
    ],
  },
});
