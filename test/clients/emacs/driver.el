;;; driver.el --- Drives Emacs + Eglot in batch mode as a user would  -*- lexical-binding: t -*-
;; With the configuration in docs/editors.md loaded first (-l config.el): opens the copy of examples/legacy-tools in
;; the current folder, waits for Flymake's diagnostics, completes, asks for the hover Eldoc shows, applies
;; the legacy-tool fix through `eglot-code-actions' (answering its questions as a user would) and saves.
;; Everything seen goes to $FILER_RESULTS as JSON, which test/clients/emacs.test.ts asserts on; this
;; script decides nothing.
(load (expand-file-name "helpers.el" (file-name-directory load-file-name)) nil t)

(setq filer-code-action "Use the current tool shape")

(defun filer-completions ()
  (let ((capf (eglot-completion-at-point)))
    (unless capf (error "No completion at point"))
    (vconcat (sort (all-completions "" (nth 2 capf)) #'string<))))

(filer-step "open"
  (find-file "manifest.json")
  (filer-set 'mode (symbol-name major-mode))
  ;; eglot-ensure connects after the first command: the one a user types.
  (filer-connect)
  (filer-set 'server (plist-get (eglot--server-info (eglot-current-server)) :name)))

(filer-step "diagnostics"
  (flymake-start)
  (filer-wait (lambda () (>= (length (flymake-diagnostics)) 2)))
  (filer-set 'opened (vconcat (filer-diagnostics)))
  ;; The example in docs/editors.md of the server's own request, as Emacs sends it.
  (filer-set 'status (jsonrpc-request (eglot-current-server) :filer/manifestStatus (list :uri (eglot--path-to-uri (buffer-file-name))))))

(filer-step "hover"
  (filer-goto "\"name\": \"resize_")
  (filer-set 'hover (filer-hover)))

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
    (filer-code-actions (line-beginning-position) (line-end-position))
    (let ((schema (find-buffer-visiting (filer-file "tools/resize_image.schema.json"))))
      (filer-set 'schemaBuffer (and schema (with-current-buffer schema (buffer-string))))
      (filer-set 'schemaBufferModified (and schema (buffer-modified-p schema) t)))
    ;; C-x s: save every modified buffer.
    (save-some-buffers t)
    (filer-set 'manifestAfterFix (filer-read "manifest.json"))
    (filer-set 'schemaAfterFix (filer-read "tools/resize_image.schema.json"))
    (filer-wait (lambda () (not (cl-some (lambda (d) (= (alist-get 'line d) line)) (filer-diagnostics)))))
    (filer-set 'afterFix (vconcat (filer-diagnostics)))))

(filer-finish)
