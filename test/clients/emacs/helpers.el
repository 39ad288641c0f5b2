;;; helpers.el --- What the Emacs drivers share  -*- lexical-binding: t -*-
;; Loaded by driver.el and handler-driver.el (after the configuration in docs/editors.md): the results written to
;; $FILER_RESULTS as JSON, steps that record their errors, waiting on the server, Flymake's diagnostics as seen, and
;; the user's answers to Emacs's questions.
(require 'cl-lib)
(require 'json)
(require 'eglot)

(defvar filer-results (list (cons 'version emacs-version) (cons 'eglot (and (fboundp 'eglot--version) (eglot--version)))))
(defvar filer-errors nil)
(defvar filer-questions nil "What Emacs asked the user (y-or-n-p prompts, menus).")
(defconst filer-timeout 15)
(defconst filer-workspace default-directory "The plugin folder Emacs was started in.")
(defvar filer-code-action nil "The prefix of the title of the code action the user picks from the menu.")

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

(defun filer-settle (seconds)
  "Process the server's messages and timers for SECONDS."
  (let ((deadline (+ (float-time) seconds)))
    (while (< (float-time) deadline)
      (accept-process-output nil 0.05))))

(defun filer-idle ()
  "What a pause of the user's does: the idle timers run. Batch Emacs is never idle, and Eglot sends a buffer's
changes to the server from an idle timer (`eglot-send-changes-idle-time' after the last edit)."
  (dolist (timer (copy-sequence timer-idle-list))
    (timer-event-handler timer)))

(defun filer-position (position)
  "Line and column of POSITION, counted from 0 as LSP counts them."
  (save-excursion
    (goto-char position)
    (list (1- (line-number-at-pos)) (current-column))))

(defun filer-diagnostic-code (diagnostic)
  "The LSP code of a Flymake DIAGNOSTIC that Eglot made."
  (plist-get (cdr (assoc 'eglot-lsp-diag (eglot--diag-data diagnostic))) :code))

(defun filer-diagnostics ()
  (sort (mapcar (lambda (d)
                  (let ((start (filer-position (flymake-diagnostic-beg d)))
                        (end (filer-position (flymake-diagnostic-end d))))
                    (list (cons 'line (car start))
                          (cons 'col (cadr start))
                          (cons 'endLine (car end))
                          (cons 'endCol (cadr end))
                          (cons 'text (buffer-substring-no-properties (flymake-diagnostic-beg d)
                                                                      (flymake-diagnostic-end d)))
                          (cons 'code (filer-diagnostic-code d))
                          (cons 'type (symbol-name (flymake-diagnostic-type d)))
                          (cons 'message (flymake-diagnostic-text d)))))
                (flymake-diagnostics))
        (lambda (a b) (< (alist-get 'line a) (alist-get 'line b)))))

(defun filer-goto (text)
  "Point after the first occurrence of TEXT."
  (goto-char (point-min))
  (unless (search-forward text nil t) (error "No %s in the buffer" text)))

(defun filer-file (name)
  "The absolute path of NAME, relative to the plugin folder (not to the current buffer's folder)."
  (expand-file-name name filer-workspace))

(defun filer-read (name)
  "The text on disk of NAME (relative to the plugin folder), nil when there is none."
  (let ((file (filer-file name)))
    (and (file-exists-p file) (with-temp-buffer (insert-file-contents file) (buffer-string)))))

(defun filer-hover ()
  "The hover Eldoc shows at point: the empty string when the server has none."
  (let (hover)
    (eglot-hover-eldoc-function (lambda (text &rest _) (setq hover (or text ""))))
    (filer-wait (lambda () hover))
    hover))

(defun filer-code-actions (beg end)
  "M-x eglot-code-actions RET, from the keyboard (not a mouse menu: Eglot then asks with completing-read)."
  (let ((last-nonmenu-event ?\r))
    (eglot-code-actions beg end nil t)))

;; The user's answers: yes to Eglot's "Server wants to edit ... Proceed?" and to saving into a new
;; folder; `filer-code-action' picked from the code-action menu.
(advice-add 'y-or-n-p :override (lambda (prompt) (push prompt filer-questions) t))
(advice-add 'yes-or-no-p :override (lambda (prompt) (push prompt filer-questions) t))
(advice-add 'completing-read :override
            (lambda (prompt collection &rest _)
              (push prompt filer-questions)
              (let ((titles (mapcar (lambda (item) (if (consp item) (car item) item)) collection)))
                (filer-set 'codeActions (vconcat titles))
                (or (cl-find-if (lambda (title) (string-prefix-p filer-code-action title)) titles)
                    (error "No %s… among %S" filer-code-action titles)))))

(defun filer-connect ()
  "What a user's first command does in a buffer whose mode hook runs eglot-ensure: Eglot connects, or has."
  (run-hooks 'post-command-hook)
  (unless (filer-wait (lambda () (and (eglot-current-server) eglot--managed-mode)))
    (error "Eglot did not connect")))

(defun filer-finish ()
  "The results written, the server shut down, Emacs gone."
  (filer-set 'done t)
  (filer-save)
  (ignore-errors (let ((eglot-autoshutdown t)) (eglot-shutdown (eglot-current-server) nil 5)))
  (kill-emacs 0))

(provide 'filer-helpers)
