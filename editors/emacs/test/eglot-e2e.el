;;; eglot-e2e.el --- batch eglot end-to-end test of skill-ls -*- lexical-binding: t -*-

;; Run by editors/emacs/test/run.sh: emacs --batch -l eglot-e2e.el
;; (not -Q: Debian's elpa-eglot loads through site-start).  Environment:
;;   SKILL_LS_BIN     the built server
;;   SKILL_LS_WS      the workspace (a copy of editors/nvim/test/fixture + .git)
;;   SKILL_LS_RESULT  where to write the JSON results
;;   SKILL_LS_DEADLINE  overall deadline in seconds (default 60)
;; Prints one line per check, then "N passed, N failed"; the exit code is the
;; number of failed checks.

(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defvar e2e-checks nil "List of (NAME OK DETAIL), newest first.")
(defvar e2e-failed 0)
(defvar e2e-finished nil)

(defun e2e-write-result ()
  (let ((path (getenv "SKILL_LS_RESULT")))
    (when path
      (with-temp-file path
        (insert (json-encode
                 `((checks . ,(vconcat
                               (mapcar (lambda (c)
                                         `((name . ,(nth 0 c))
                                           (ok . ,(if (nth 1 c) t :json-false))
                                           (detail . ,(format "%S" (nth 2 c)))))
                                       (reverse e2e-checks))))
                   (emacs . ,emacs-version))))))))

(defun e2e-check (name ok &optional detail)
  (push (list name (and ok t) detail) e2e-checks)
  (unless ok (setq e2e-failed (1+ e2e-failed)))
  (princ (format "%s %s%s\n" (if ok "PASS" "FAIL") name
                 (if (and (not ok) detail)
                     (concat ": " (replace-regexp-in-string "\n" " " (format "%S" detail)))
                   "")))
  (e2e-write-result)
  ok)

(defun e2e-finish ()
  (unless e2e-finished
    (setq e2e-finished t)
    (e2e-write-result)
    (princ (format "%d passed, %d failed\n" (- (length e2e-checks) e2e-failed) e2e-failed))
    (kill-emacs (min e2e-failed 120))))

;; Deadline guard (timers run while we wait in accept-process-output).
(run-at-time (string-to-number (or (getenv "SKILL_LS_DEADLINE") "60")) nil
             (lambda ()
               (e2e-check "deadline" nil)
               (e2e-finish)))

(defun e2e-wait (pred &optional seconds)
  "Process events until PRED is non-nil or SECONDS (default 5) pass."
  (let ((end (+ (float-time) (or seconds 5))) v)
    (while (and (not (setq v (funcall pred))) (< (float-time) end))
      (accept-process-output nil 0.05))
    v))

(require 'eglot)
(require 'flymake)

;; No markdown-mode on this machine: a minimal one, so the languageId is
;; "markdown" (eglot 1.9 derives it from the major mode's name).
(unless (fboundp 'markdown-mode)
  (define-derived-mode markdown-mode text-mode "Markdown"))
(add-to-list 'auto-mode-alist '("\\.md\\'" . markdown-mode))

(defvar e2e-server-problems nil "Warnings and errors the server sent.")
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (and (memq method '(window/logMessage window/showMessage))
                         (<= (or (plist-get params :type) 4) 2))
                (push (format "%s: %s" method (plist-get params :message)) e2e-server-problems))))

(defun e2e-completion-labels (result)
  (let ((items (if (vectorp result) result (plist-get result :items))))
    (sort (mapcar (lambda (it) (plist-get it :label)) (append items nil)) #'string<)))

(cl-defun e2e-run ()
  (let* ((bin (or (getenv "SKILL_LS_BIN") (error "SKILL_LS_BIN unset")))
         (ws (file-name-as-directory (or (getenv "SKILL_LS_WS") (error "SKILL_LS_WS unset"))))
         (broken (expand-file-name ".agents/skills/broken-skill/SKILL.md" ws))
         (chat (expand-file-name "notes.chat.md" ws))
         server)
    (setq eglot-server-programs `((markdown-mode . (,bin))))
    (setq eglot-sync-connect 10
          eglot-connect-timeout 10
          eglot-autoshutdown nil)

    ;; Connect from the broken SKILL.md.
    (find-file broken)
    (condition-case err
        (apply #'eglot (eglot--guess-contact))
      (error (e2e-check "eglot connects" nil err)))
    (setq server (e2e-wait (lambda () (eglot-current-server)) 10))
    (unless (e2e-check "eglot connects and manages SKILL.md" (and server (eglot-managed-p)))
      (cl-return-from e2e-run))
    (e2e-check "the project root is the workspace"
               (string= (file-name-as-directory (expand-file-name (project-root (eglot--project server)))) ws)
               (project-root (eglot--project server)))
    (let ((info (ignore-errors (eglot--server-info server))))
      (e2e-check "serverInfo.name is skill-ls" (equal (plist-get info :name) "skill-ls") info))

    ;; Flymake diagnostics from skill-ls on the broken file.
    (flymake-start)
    (let ((diags (e2e-wait
                  (lambda ()
                    (flymake-start)
                    (cl-remove-if-not
                     (lambda (d) (string-match-p "\\`skill-ls" (flymake-diagnostic-text d)))
                     (flymake-diagnostics)))
                  10)))
      (e2e-check "flymake shows a skill-ls diagnostic on the broken SKILL.md" diags
                 (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))
      (when diags
        (let* ((d (car diags))
               (line (line-number-at-pos (flymake-diagnostic-beg d))))
          (e2e-check "the diagnostic is on line 3 (the description line)" (= line 3)
                     (list line (flymake-diagnostic-text d)))
          (e2e-check "its text is \"skill-ls [yaml-unquoted-colon]: ...\""
                     (string-prefix-p "skill-ls [yaml-unquoted-colon]: " (flymake-diagnostic-text d))
                     (flymake-diagnostic-text d)))))

    ;; The chat buffer joins the same server; '/' completion lists the skills.
    (find-file chat)
    (unless (eglot-managed-p) (eglot--maybe-activate-editing-mode))
    (e2e-check "the chat buffer is managed by the same server"
               (and (eglot-managed-p) (eq (eglot-current-server) server)))
    ;; The chat speaks to every detected agent: Claude Code's team-notes
    ;; too, and broken-skill, which DSH drops and other agents load.
    (let* ((want '("/broken-skill" "/commit-style" "/manual-only" "/pdf-tools" "/review-code" "/team-notes"))
           (ask (lambda ()
                  (condition-case err
                      (jsonrpc-request server :textDocument/completion
                                       (list :textDocument (eglot--TextDocumentIdentifier)
                                             :position (list :line 2 :character 1)))
                    (error (list :error err)))))
           ;; Until the server's discovery ends, it answers an empty list
           ;; marked incomplete, which a client asks again for as the user
           ;; types: ask again until the answer is not that.
           (res (e2e-wait
                 (lambda ()
                   (let ((r (funcall ask)))
                     (unless (and (listp r) (eq (plist-get r :isIncomplete) t)
                                  (zerop (length (plist-get r :items))))
                       r)))
                 10))
           (got (ignore-errors (e2e-completion-labels res))))
      (e2e-check "'/' completion lists exactly the skills the chat's agents load" (equal got want)
                 (list :got got :want want :raw (and (plist-get res :error) res))))

    ;; Also through Emacs's own completion machinery (completion-at-point table).
    (goto-char (point-min))
    (forward-line 2)
    (end-of-line)
    (let* ((capf (eglot-completion-at-point))
           (cands (and capf (all-completions "" (nth 2 capf)))))
      (e2e-check "eglot-completion-at-point offers pdf-tools after '/'"
                 (cl-some (lambda (c) (string-match-p "pdf-tools" c)) cands) cands))

    ;; Completing for real: type " /pd" at the end of line 1 and run
    ;; completion-at-point (the only candidate is inserted and eglot's exit
    ;; function applies the item's textEdit): one slash, the whole name.
    (goto-char (point-min))
    (end-of-line)
    (insert " /pd")
    (completion-at-point)
    (e2e-wait (lambda () (string-suffix-p "/pdf-tools" (buffer-substring (line-beginning-position) (line-end-position)))) 5)
    (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
      (e2e-check "completion-at-point after ' /pd' leaves ' /pdf-tools' (no '//')"
                 (string-suffix-p "report.pdf. /pdf-tools" line) line))

    (e2e-check "no warnings or errors from the server (logMessage/showMessage)"
               (null e2e-server-problems) e2e-server-problems)

    ;; Shutdown: the LSP shutdown request and exit notification by hand,
    ;; because `eglot-shutdown' (jsonrpc-shutdown) deletes the process right
    ;; after sending exit, which would hide the server's own exit status.
    (let ((proc (jsonrpc--process server)))
      (setf (eglot--shutdown-requested server) t)
      (e2e-check "shutdown request answered"
                 (condition-case err
                     (progn (jsonrpc-request server :shutdown nil :timeout 5) t)
                   (error (progn (e2e-check "shutdown error" nil err) nil))))
      (jsonrpc-notify server :exit nil)
      (e2e-wait (lambda () (not (process-live-p proc))) 5)
      (e2e-check "server exited with code 0 after exit"
                 (and (not (process-live-p proc)) (eq (process-exit-status proc) 0))
                 (list (process-status proc) (process-exit-status proc)))
      (ignore-errors (jsonrpc-shutdown server t)))))

(condition-case err
    (e2e-run)
  (error (e2e-check "no Lisp error" nil err)))
(e2e-finish)

;;; eglot-e2e.el ends here
