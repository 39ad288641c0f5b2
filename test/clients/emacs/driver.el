;;; driver.el --- Drives Emacs + Eglot in batch mode as a user would  -*- lexical-binding: t -*-
;; With the configuration in docs/editors.md loaded first (-l config.el): opens the copy of examples/legacy-tools in
;; the current folder, waits for Flymake's diagnostics, completes, asks for the hover Eldoc shows, applies
;; the legacy-tool fix through `eglot-code-actions' (answering its questions as a user would) and saves.
;; Everything seen goes to $FILER_RESULTS as JSON, which test/clients/emacs.test.ts asserts on; this
;; script decides nothing.
(require 'cl-lib)
(require 'json)
(require 'eglot)

(defvar filer-results (list (cons 'version emacs-version) (cons 'eglot (and (fboundp 'eglot--version) (eglot--version)))))
(defvar filer-errors nil)
(defvar filer-questions nil "What Emacs asked the user (y-or-n-p prompts, menus).")
(defconst filer-timeout 15)

(defun filer-set (key value)
  (setf (alist-get key filer-results) value))

(defun filer-save ()
  (filer-set 'errors (vconcat (reverse filer-errors)))
  (filer-set 'questions (vconcat (reverse filer-questions)))
  (with-temp-file (getenv "FILER_RESULTS")
    (insert (json-encode filer-results))))

(defmacro filer-step (name &rest body)
  (declare (indent 1))
  `(progn
     (condition-case err
         (progn ,@body)
       (error (push (format "%s: %S" ,name err) filer-errors)))
     (filer-save)))

(defun filer-wait (predicate)
  "Wait (processing the server's messages and timers) until PREDICATE is true, at most `filer-timeout' s."
  (let ((deadline (+ (float-time) filer-timeout)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(defun filer-diagnostics ()
  (sort (mapcar (lambda (d)
                  (let ((lsp (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d)))))
                    (list (cons 'line (1- (line-number-at-pos (flymake-diagnostic-beg d))))
                          (cons 'code (plist-get lsp :code))
                          (cons 'type (symbol-name (flymake-diagnostic-type d)))
                          (cons 'message (flymake-diagnostic-text d)))))
                (flymake-diagnostics))
        (lambda (a b) (< (alist-get 'line a) (alist-get 'line b)))))

(defun filer-goto (text)
  "Point after the first occurrence of TEXT."
  (goto-char (point-min))
  (unless (search-forward text nil t) (error "No %s in the buffer" text)))

(defun filer-completions ()
  (let ((capf (eglot-completion-at-point)))
    (unless capf (error "No completion at point"))
    (vconcat (sort (all-completions "" (nth 2 capf)) #'string<))))

;; The user's answers: yes to Eglot's "Server wants to edit ... Proceed?" and to saving into a new
;; folder; the legacy fix picked from the code-action menu.
(advice-add 'y-or-n-p :override (lambda (prompt) (push prompt filer-questions) t))
(advice-add 'yes-or-no-p :override (lambda (prompt) (push prompt filer-questions) t))
(advice-add 'completing-read :override
            (lambda (prompt collection &rest _)
              (push prompt filer-questions)
              (let ((titles (mapcar (lambda (item) (if (consp item) (car item) item)) collection)))
                (filer-set 'codeActions (vconcat titles))
                (or (cl-find-if (lambda (title) (string-prefix-p "Use the current tool shape" title)) titles)
                    (error "No legacy fix among %S" titles)))))

(filer-step "open"
  (find-file "manifest.json")
  (filer-set 'mode (symbol-name major-mode))
  ;; eglot-ensure connects after the first command: the one a user types.
  (run-hooks 'post-command-hook)
  (unless (filer-wait (lambda () (and (eglot-current-server) eglot--managed-mode)))
    (error "Eglot did not connect"))
  (filer-set 'server (plist-get (eglot--server-info (eglot-current-server)) :name)))

(filer-step "diagnostics"
  (flymake-start)
  (filer-wait (lambda () (>= (length (flymake-diagnostics)) 2)))
  (filer-set 'opened (vconcat (filer-diagnostics)))
  ;; The example in docs/editors.md of the server's own request, as Emacs sends it.
  (filer-set 'status (jsonrpc-request (eglot-current-server) :filer/manifestStatus (list :uri (eglot--path-to-uri (buffer-file-name))))))

(filer-step "hover"
  (filer-goto "\"name\": \"resize_")
  (let (hover)
    (eglot-hover-eldoc-function (lambda (text &rest _) (setq hover (or text ""))))
    (filer-wait (lambda () hover))
    (filer-set 'hover hover)))

(filer-step "completion in permissions"
  (filer-goto "\"permissions\": {")
  (filer-set 'permissionsCompletion (filer-completions)))

(filer-step "completion in contributes.hooks"
  ;; Typed as a user would: a hooks object with an event the reference does not name (the configuration
  ;; turns hooks.unknown-event off) and point between its braces.
  (filer-goto "\"contributes\": {")
  (end-of-line)
  (insert "\n    \"hooks\": { \"onSomething\": \"./handlers/image-codec.js\",  },")
  (backward-char 3)
  (filer-set 'hooksCompletion (filer-completions))
  (filer-set 'statusWithUnknownHook
             (jsonrpc-request (eglot-current-server) :filer/manifestStatus (list :uri (eglot--path-to-uri (buffer-file-name)))))
  (delete-region (line-beginning-position) (1+ (line-end-position))))

(filer-step "legacy fix"
  ;; Emacs opens a file in a folder that does not exist read-only, and Eglot then cannot write the new
  ;; schema into it: docs/editors.md tells Eglot users to make the folder first.
  (make-directory "tools" t)
  (filer-goto "\"name\": \"resize_image\"")
  (let ((line (1- (line-number-at-pos))))
    ;; The diagnostics of the text without the typed hooks line.
    (unless (filer-wait (lambda () (cl-some (lambda (d) (and (= (alist-get 'line d) line) (equal (alist-get 'code d) "tools.legacy-shape"))) (filer-diagnostics))))
      (error "No tools.legacy-shape diagnostic on line %d" line))
    ;; Called from the keyboard (M-x eglot-code-actions RET), not a mouse menu: Eglot then asks with completing-read.
    (let ((last-nonmenu-event ?\r))
      (eglot-code-actions (line-beginning-position) (line-end-position) nil t))
    (let ((schema (find-buffer-visiting (expand-file-name "tools/resize_image.schema.json"))))
      (filer-set 'schemaBuffer (and schema (with-current-buffer schema (buffer-string))))
      (filer-set 'schemaBufferModified (and schema (buffer-modified-p schema) t)))
    ;; C-x s: save every modified buffer.
    (save-some-buffers t)
    (filer-set 'manifestAfterFix (with-temp-buffer (insert-file-contents "manifest.json") (buffer-string)))
    (filer-set 'schemaAfterFix (and (file-exists-p "tools/resize_image.schema.json")
                                    (with-temp-buffer (insert-file-contents "tools/resize_image.schema.json") (buffer-string))))
    (filer-wait (lambda () (not (cl-some (lambda (d) (= (alist-get 'line d) line)) (filer-diagnostics)))))
    (filer-set 'afterFix (vconcat (filer-diagnostics)))))

(filer-set 'done t)
(filer-save)
(ignore-errors (let ((eglot-autoshutdown t)) (eglot-shutdown (eglot-current-server) nil 5)))
(kill-emacs 0)
